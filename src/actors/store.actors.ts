import { fromPromise } from 'xstate'
import { z } from 'zod'
import type { ApiClient } from '../api/client'
import type { Champion } from '../domain/champions'
import type { RecentChampionsMachine } from '../machines/recent-champions.machine'

/** One ranking row as far as the champions need it; replaced by src/api's schema once it lands. */
const rankingRowSchema = z.object({
  rank: z.number().int().positive(),
  userId: z.number(),
  username: z.string(),
  points: z.number(),
})

/** Last week's ranking of the active group, top rows first. */
export const loadRecentChampions = (api: ApiClient) =>
  fromPromise<readonly Champion[]>(async ({ signal }) => {
    const answer = await api.call('rankings', { query: { period: 'last_week' }, signal })
    return z.array(rankingRowSchema).parse(answer)
  })

export function provideRecentChampions(
  machine: RecentChampionsMachine,
  { api }: { readonly api: ApiClient },
) {
  return machine.provide({ actors: { loadStore: loadRecentChampions(api) } })
}
