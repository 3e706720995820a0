import { z } from 'zod'

export const authorsPageMax = 100
export const authorsPageDefault = 20
const interval = z.object({ low: z.number(), high: z.number() })

/** `GET /v1/stockgame/authors`: the leaderboard, paged by `offset` (the list holds a few hundred at most). */
export const authorsQuerySchema = z.strictObject({
  sort: z.enum(['score', 'judged']).default('score'),
  limit: z.coerce.number().int().min(1).max(authorsPageMax).default(authorsPageDefault),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type AuthorsQuery = z.infer<typeof authorsQuerySchema>

/** An author's signal score (src/domain/author-score.ts): the Beta(5, 5) posterior mean and its 95 % interval. */
export const authorScoreSchema = z.object({
  /** the handle, without '@' */
  author: z.string(),
  /** messages (per title) whose crowd had a majority, judged by the price */
  judged: z.number().int(),
  /** of those, the ones whose crowd majority proved right */
  provedRight: z.number().int(),
  score: z.number(),
  interval,
})
export type AuthorScoreEntry = z.infer<typeof authorScoreSchema>

export const authorsPageSchema = z.object({
  authors: z.array(authorScoreSchema.extend({ rank: z.number().int() })),
  /** authors in all */
  total: z.number().int(),
  /** the offset of the next page; null on the last */
  nextOffset: z.number().int().nullable(),
})
export type AuthorsPage = z.infer<typeof authorsPageSchema>

export const authorParamsSchema = z.strictObject({
  username: z
    .string()
    .min(1)
    .max(64)
    .regex(/^@?[A-Za-z0-9_]+$/),
})

/** One title of a recent message: the crowd's judged split and what became of its majority. */
export const messageOutcomeSchema = z.object({
  titleId: z.number().int(),
  /** judged Up and Down predictions */
  up: z.number().int(),
  down: z.number().int(),
  /** predictions still running */
  running: z.number().int(),
  /** the crowd majority proved right or wrong; undecided while nothing has a majority */
  verdict: z.enum(['right', 'wrong', 'undecided']),
})

export const authorMessageSchema = z.object({
  messageId: z.string(),
  createdAt: z.number(),
  /** the text, while the stream still keeps the message; null after */
  text: z.string().nullable(),
  titles: z.array(messageOutcomeSchema),
})

/** `GET /v1/stockgame/authors/{username}`: the score with the author's recent messages, newest first. */
export const authorDetailSchema = authorScoreSchema.extend({
  recentMessages: z.array(authorMessageSchema),
})
export type AuthorDetail = z.infer<typeof authorDetailSchema>
export type AuthorMessage = z.infer<typeof authorMessageSchema>
