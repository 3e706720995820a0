import { z } from 'zod'
import { rankingPeriods } from '../domain/ranking-periods'
import { databaseIdParamSchema } from './ids'

export const rankingPeriodSchema = z.enum(rankingPeriods)

/**
 * One player of a ranking. Only players active in the period (an evaluated prediction or a settled bet)
 * are ranked; equal points and accuracy share a rank (1, 2, 2, 4).
 */
export const rankingRowSchema = z.object({
  rank: z.number().int().positive(),
  userId: z.number(),
  username: z.string(),
  /**
   * TTC won in the period: the rewards of the player's predictions evaluated in it plus the net result
   * (payout - stake, negative for a lost bet) of the player's bets on polls decided (evalTime) in it
   */
  points: z.number(),
  /** correct / evaluated predictions of the period, 0..1 (0 without any) */
  accuracy: z.number(),
})
export type RankingRow = z.infer<typeof rankingRowSchema>
export const rankingSchema = z.array(rankingRowSchema)

/** `GET /v1/stockgame/rankings`: one period of one group; the caller's active group by default. */
export const rankingsQuerySchema = z.strictObject({
  period: rankingPeriodSchema.default('this_week'),
  groupId: databaseIdParamSchema.optional(),
})

/** The three periods of one group. */
export const groupRankingsSchema = z.object({
  this_week: rankingSchema,
  last_week: rankingSchema,
  all_time: rankingSchema,
})
export type GroupRankings = z.infer<typeof groupRankingsSchema>

/**
 * `GET /v1/stockgame/champions`: group 1000's top three of the latest week awarded (last week once its
 * results are final), by ascending rank: the winners its activity stream announced.
 */
export const championSchema = z.object({
  rank: z.number().int().min(1).max(3),
  userId: z.number(),
  username: z.string(),
  /** TTC won that week */
  points: z.number(),
})
export const championsSchema = z.array(championSchema)
export type RecentChampion = z.infer<typeof championSchema>
