import type { SnapshotFrom } from 'xstate'
import type { RankingRow } from '../api/rankings'
import { createStoreMachine } from './store.machine'
import { selectStoreStatus } from './store.select'
import type { StoreContext } from './store.types'

/** Spec §4: this week's ranking of the active group, refreshed every 10 s. */
export const liveRankingMachine = createStoreMachine<readonly RankingRow[]>({
  id: 'liveRanking',
  initialData: [],
})

export type LiveRankingMachine = typeof liveRankingMachine

export const selectLiveRanking = (context: StoreContext<readonly RankingRow[]>) => context.data

type LiveRankingSnapshot = SnapshotFrom<LiveRankingMachine>
/** Nothing to show yet: the first load is pending (a reload keeps the rows on screen). */
export const selectLiveRankingPending = (snapshot: LiveRankingSnapshot) =>
  snapshot.context.data.length === 0 && !snapshot.matches('ready') && !snapshot.matches('failed')
/** How the ranking shows: skeleton, failure, empty, rows, or rows with a refresh notice. */
export const selectLiveRankingLoadStatus = (snapshot: LiveRankingSnapshot) =>
  selectStoreStatus(snapshot, snapshot.context.data.length > 0)
/** The last load failed and there are no rows to show instead. */
export const selectLiveRankingFailed = (snapshot: LiveRankingSnapshot) =>
  snapshot.context.data.length === 0 && snapshot.matches('failed')
