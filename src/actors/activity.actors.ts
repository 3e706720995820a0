import { fromPromise } from 'xstate'
import type { ActivityElement } from '../domain/activity-grouping'
import type { ActivityMachine } from '../machines/activity.machine'
import { type GameCall, gameCallFor } from './game-api'
import type { ServerErrorPolicyDeps } from './server-error.actors'

/** The first page of the active group's activity stream (newest first). */
export const loadActivity = (call: GameCall) =>
  fromPromise<readonly ActivityElement[]>(() => call('activity', { query: {} }))

/** The production wiring of the activity stream store. */
export function provideActivity(machine: ActivityMachine, deps: ServerErrorPolicyDeps) {
  return machine.provide({ actors: { loadStore: loadActivity(gameCallFor(deps)) } })
}
