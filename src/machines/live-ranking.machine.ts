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
/** How the ranking shows: skeleton, failure, empty, rows, or rows with a refresh notice. */
export const selectLiveRankingLoadStatus = (snapshot: LiveRankingSnapshot) =>
  selectStoreStatus(snapshot, snapshot.context.data.length > 0)
