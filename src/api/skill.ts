import { z } from 'zod'

const intervalSchema = z.object({ low: z.number(), high: z.number() })

/**
 * `GET /v1/users/{user}/skill`: a player's record over their judged predictions, skill or luck
 * (src/domain/skill.ts defines every figure).
 */
export const userSkillSchema = z.object({
  userId: z.number(),
  judged: z.number().int(),
  correct: z.number().int(),
  /** correct / judged; null with nothing judged */
  hitRate: z.number().nullable(),
  /** Wilson 95 % interval of the hit rate */
  interval: intervalSchema,
  /** one-sided binomial p-value against 50 % */
  pValue: z.number(),
  /** p < 0.05 over at least 30 judged predictions */
  skillShown: z.boolean(),
  /** mean of (right ? 1 − s : −s), s the crowd's share on the player's side at tagging time */
  relativeScore: z.number().nullable(),
})
export type UserSkill = z.infer<typeof userSkillSchema>
