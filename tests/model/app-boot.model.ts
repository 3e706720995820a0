import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { appBootMachine } from '../../src/machines/app-boot.machine'
import { type AppBootContext, refreshedStores, storeNames } from '../../src/machines/app-boot.types'
import { isAfterEvent, type Output, type PathModel, stateName } from './paths'

/** One event told to several stores at once (the harness records them so). */
const toStores = (event: object, stores: readonly string[] = storeNames): Output => ({
  stores: [...stores],
  event,
})

/** Spec §4 "Start-up" and §9 "Periodic refresh" written out. */
function expectedOutputs(from: AnyMachineSnapshot | undefined, event: AnyEventObject): Output[] {
  const at = from && stateName(from)
  if (event.type === 'xstate.init') return [{ call: 'fetchAuthUser' }]
  if (isAfterEvent(event))
    return [
      { action: 'refreshes the auth user' },
      toStores({ type: 'store.initialize', force: true }, refreshedStores),
    ]
  if (event.type === 'xstate.done.actor.fetchAuthUser' || event.type === 'xstate.error.actor.fetchAuthUser') {
    const loggedIn =
      event.output?.loggedIn ?? (from?.context as AppBootContext | undefined)?.loggedIn ?? false
    return [toStores({ type: 'session.changed', loggedIn }), toStores({ type: 'store.initialize' })]
  }
  if (event.type === 'session.changed') {
    const told = toStores({ type: 'session.changed', loggedIn: event.loggedIn })
    return at === 'running' && event.loggedIn ? [told, toStores({ type: 'store.initialize' })] : [told]
  }
  return []
}

export const appBootModel: PathModel = {
  name: 'appBoot',
  summary:
    'Start-up (spec §4, §9): fetch the signed-in user (forced), then tell and initialize the user, title-info, activity stream, polls, tagged messages, live ranking and live stream stores; every 10 s refresh the auth user and five stores; a later login initializes the stores.',
  machine: appBootMachine,
  events: [
    { type: 'xstate.done.actor.fetchAuthUser', output: { loggedIn: true } },
    { type: 'xstate.done.actor.fetchAuthUser', output: { loggedIn: false } },
    { type: 'xstate.error.actor.fetchAuthUser', error: new Error('offline') },
    { type: 'session.changed', loggedIn: true },
    { type: 'session.changed', loggedIn: false },
  ],
  // a session change to the value the stores have teaches nothing
  filterEvents: (snapshot, event) =>
    event.type !== 'session.changed' || event.loggedIn !== (snapshot.context as AppBootContext).loggedIn,
  expectedOutputs: ({ from, event }) => expectedOutputs(from, event),
  describeState: (snapshot) =>
    `${stateName(snapshot)} (${(snapshot.context as AppBootContext).loggedIn ? 'logged in' : 'guest'})`,
  describeEvent: (event) => {
    switch (event.type) {
      case 'xstate.done.actor.fetchAuthUser':
        return event.output.loggedIn
          ? 'the auth user is fetched: signed in'
          : 'the auth user is fetched: a guest'
      case 'xstate.error.actor.fetchAuthUser':
        return 'fetching the auth user fails'
      case 'session.changed':
        return event.loggedIn ? 'the session says: signed in' : 'the session says: signed out'
      default:
        return undefined
    }
  },
}
