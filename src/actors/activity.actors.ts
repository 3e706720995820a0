import { fromPromise } from 'xstate'
import type { ActivityElement } from '../domain/activity-grouping'
import type { ActivityMachine } from '../machines/activity.machine'
import type { GameReads } from './game-reads'

/** The active group's activity stream, newest first, as the state carries it (its `chronic`). */
export const loadActivity = (state: GameReads['state']) =>
  fromPromise<readonly ActivityElement[]>(async () => (await state()).chronic)

/** The production wiring of the activity stream store: fed by the state. */
export function provideActivity(machine: ActivityMachine, { reads }: { readonly reads: GameReads }) {
  return machine.provide({ actors: { loadStore: loadActivity(reads.state) } })
}
