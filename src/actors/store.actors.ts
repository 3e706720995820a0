import { fromPromise } from 'xstate'
import type { Champion } from '../domain/champions'
import type { RecentChampionsMachine } from '../machines/recent-champions.machine'
import type { GameCall } from './game-api'
import type { GameReads } from './game-reads'

/** Last week's top three of group 1000 (`GET /v1/stockgame/champions`). */
export const loadRecentChampions = (read: GameCall) =>
  fromPromise<readonly Champion[]>(() => read('champions', {}))

export function provideRecentChampions(
  machine: RecentChampionsMachine,
  { reads }: { readonly reads: GameReads },
) {
  return machine.provide({ actors: { loadStore: loadRecentChampions(reads.read) } })
}
