import { fromPromise } from 'xstate'
import type { ApiClient } from '../api/client'
import type { Champion } from '../domain/champions'
import type { RecentChampionsMachine } from '../machines/recent-champions.machine'

/** Last week's top three of group 1000 (`GET /v1/stockgame/champions`). */
export const loadRecentChampions = (api: ApiClient) =>
  fromPromise<readonly Champion[]>(({ signal }) => api.call('champions', { signal }))

export function provideRecentChampions(
  machine: RecentChampionsMachine,
  { api }: { readonly api: ApiClient },
) {
  return machine.provide({ actors: { loadStore: loadRecentChampions(api) } })
}
