import { type Champion, championPlaceholders, toRecentChampions } from '../domain/champions'
import { createStoreMachine } from './store.machine'

/** Last week's top three (spec §4, §9), three rank-only placeholders until the server's ranking arrives. */
export const recentChampionsMachine = createStoreMachine<readonly Champion[]>({
  id: 'recentChampions',
  initialData: championPlaceholders,
  toData: toRecentChampions,
})

export type RecentChampionsMachine = typeof recentChampionsMachine
