import type { RankingRow } from '../api/rankings'
import { createStoreMachine } from './store.machine'
import type { StoreContext } from './store.types'

/** Spec §4: this week's ranking of the active group, refreshed every 10 s. */
export const liveRankingMachine = createStoreMachine<readonly RankingRow[]>({
  id: 'liveRanking',
  initialData: [],
})

export type LiveRankingMachine = typeof liveRankingMachine

export const selectLiveRanking = (context: StoreContext<readonly RankingRow[]>) => context.data
