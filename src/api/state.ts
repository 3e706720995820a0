import { z } from 'zod'
import { activityElementSchema } from './activity'
import { groupSchema } from './groups'
import { pollListSchema } from './polls'
import { groupRankingsSchema } from './rankings'
import { publicUserSchema } from './users'

/** The client reuses a state answer this long (spec §9 "State cache": 5000 ms); so may the browser. */
export const stateMaxAgeSeconds = 5

/** Rows per period and group in the state; the whole list is `GET /v1/stockgame/rankings`. */
export const stateRankingRows = 20
/** Elements of the activity stream in the state: its first page. */
export const stateChronicElements = 50

/**
 * `GET /v1/stockgame/state` (spec §3 "State response"), for the caller's active group, read in one
 * read-only transaction and cacheable for 5 s (the client's state cache).
 */
export const stateSchema = z.object({
  /** public profiles of every player the rankings and the chronic name (rank, liveRank: group 1000) */
  users: z.array(publicUserSchema),
  /** the newest 50 polls by end time, of known titles, with the caller's own bet */
  polls: pollListSchema,
  /** by group id (the active group and 1000), then period: the top `stateRankingRows` of each */
  rankings: z.record(z.string(), groupRankingsSchema),
  /** the active group's activity stream, newest first, its first `stateChronicElements` elements */
  chronic: z.array(activityElementSchema),
  /** public groups the caller is not in, most members first */
  publicGroups: z.array(groupSchema),
})
export type GameState = z.infer<typeof stateSchema>
