import type { SnapshotFrom } from 'xstate'
import type { PollPerformance } from '../api/polls'
import type { TaggedMessagePerformance } from '../api/predictions'
import type { LoadStatus } from './load-retry'
import { createStoreMachine } from './store.machine'
import { selectStoreStatus } from './store.select'
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

/** How the overview per title shows: its skeleton, a failure with Retry, its empty text or the table. */
export const selectOverviewLoadStatus = (snapshot: SnapshotFrom<PerformanceMachine>): LoadStatus =>
  selectStoreStatus(snapshot, snapshot.context.data.predictions !== null)
