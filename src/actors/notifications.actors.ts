import type { ActorRefFrom } from 'xstate'
import type { NotificationsMachine } from '../machines/notifications.machine'
import { afterAction } from './after-action'
import { type ConnectivitySource, watchConnectivity } from './connectivity.actors'
import type { Notifier } from './notifier'

/** The production wiring of the notifications machine: the window's online and offline events. */
export function provideNotifications(machine: NotificationsMachine, source?: ConnectivitySource) {
  return machine.provide({ actors: { watchConnectivity: watchConnectivity(source) } })
}

/** A `Notifier` that shows through a running notifications actor (a microtask later: `afterAction`). */
export const notifierFor = (actor: ActorRefFrom<NotificationsMachine>): Notifier => ({
  show: (notice) => afterAction(() => actor.send({ type: 'notice.show', notice })),
})
