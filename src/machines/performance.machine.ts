import type { PollPerformance } from '../api/polls'
import type { TaggedMessagePerformance } from '../api/predictions'
import { createStoreMachine } from './store.machine'
import type { StoreContext } from './store.types'

/** What the performance store holds: the player's bets and predictions per title. */
export interface PerformanceData {
  /** `GET /v1/stockgame/polls/performance`; null until loaded */
  readonly polls: PollPerformance | null
  /** `GET /v1/stockgame/tagged-messages/performance`; null until loaded */
  readonly predictions: TaggedMessagePerformance | null
}

export const initialPerformanceData: PerformanceData = { polls: null, predictions: null }

/** Spec §9: the player's performance, kept in local storage; cleared when they log out. */
export const performanceMachine = createStoreMachine<PerformanceData>({
  id: 'performance',
  initialData: initialPerformanceData,
  persist: true,
})

export type PerformanceMachine = typeof performanceMachine

export const selectPollPerformance = (context: StoreContext<PerformanceData>) => context.data.polls
export const selectPredictionPerformance = (context: StoreContext<PerformanceData>) =>
  context.data.predictions
