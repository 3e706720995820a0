import { z } from 'zod'
import { normalizeTrend, type Trend } from '../domain/prediction'
import { databaseIdSchema } from './ids'

export const trendSchema = z.enum(['Up', 'Down'])

/** Message ids are the market's: visible ASCII (the simulation's are base-36 pairs like 'k3x9-1a2b'). */
export const messageIdSchema = z.string().regex(/^[\x21-\x7e]{1,128}$/, 'Invalid message id')

const titleIdSchema = databaseIdSchema

/**
 * A prediction ("tagged message", spec §3) as the server sends it: in the tag answer and in the user
 * payload's `taggedMessages`. `evalPrice` and `evaluatedAt` are absent while it runs; once evaluated,
 * `evaluatedAt` is the evaluation time (createdAt + 3 h, whose price decided it) even if the server's job
 * ran later. The key is userId + titleId + messageId.
 */
export const taggedMessageSchema = z.object({
  userId: z.number(),
  titleId: z.number(),
  messageId: z.string(),
  trend: trendSchema,
  /** the title's last price when the prediction was made, taken from the server's tick */
  atPrice: z.number(),
  evalPrice: z.number().optional(),
  evaluatedAt: z.number().optional(),
  createdAt: z.number(),
  /** TTC a correct evaluation pays: min(1, 20 / the user's running predictions after this one) */
  rewardFactor: z.number(),
})
export type TaggedMessage = z.infer<typeof taggedMessageSchema>

export const tagParamsSchema = z.strictObject({ messageId: messageIdSchema })

const ignoredNumber = z.number().nullable().optional()

/**
 * Body of `POST /v1/stockgame/tagged-messages/{messageId}/tag`. The client posts its local copy of the
 * tagged message: the fields the server decides itself (atPrice, evalPrice, evaluatedAt, createdAt,
 * rewardFactor) are accepted and ignored. `trend` may be spelt 'up' / 'down'. userId must be the caller
 * (else 403) and messageId must equal the path's (else 400).
 */
export const tagBodySchema = z.strictObject({
  userId: z.number().int(),
  titleId: titleIdSchema,
  messageId: messageIdSchema,
  trend: z.enum(['Up', 'Down', 'up', 'down']).transform((trend) => normalizeTrend(trend) as Trend),
  atPrice: ignoredNumber,
  evalPrice: ignoredNumber,
  evaluatedAt: ignoredNumber,
  createdAt: ignoredNumber,
  rewardFactor: ignoredNumber,
})
export type TagBody = z.output<typeof tagBodySchema>

/**
 * Answer to a tag: `rewardFactor` is the caller's new reward factor (what the NEXT prediction would
 * earn, as the user payload's `rewardFactor`), `taggedMessage` the prediction as stored (its own
 * rewardFactor is what this one earns). A second tag of the same user, title and message is 409 with the
 * spec's warning; a retry with the same Idempotency-Key gets this answer again.
 */
export const tagResponseSchema = z.object({
  rewardFactor: z.number(),
  taggedMessage: taggedMessageSchema,
})
export type TagResponse = z.infer<typeof tagResponseSchema>

/** Where a page of a player's predictions ends: its last prediction's time, message and title. */
export interface PredictionCursor {
  readonly createdAt: number
  readonly messageId: string
  readonly titleId: number
}

export function predictionCursorOf(prediction: TaggedMessage): PredictionCursor {
  return { createdAt: prediction.createdAt, messageId: prediction.messageId, titleId: prediction.titleId }
}

/**
 * A cursor as a query parameter, `createdAt:titleId:messageId` (a message id may hold colons: it comes
 * last). A bare time stands for every prediction made before it.
 */
export function predictionCursorText(cursor: PredictionCursor | number): string {
  return typeof cursor === 'number'
    ? String(cursor)
    : `${cursor.createdAt}:${cursor.titleId}:${cursor.messageId}`
}

/** A cursor time after every prediction (the largest the cursor's 15 digits write). */
export const endOfTimeMs = 999_999_999_999_999

const cursorPattern = /^(\d{1,15})(?::(\d{1,15}):([\x21-\x7e]{1,128}))?$/

/** Predictions per page of `GET /v1/stockgame/tagged-messages/history` when the query does not say. */
export const predictionHistoryPageDefault = 50

/** `GET /v1/stockgame/tagged-messages/history?before=&limit=`: the caller's predictions before a cursor. */
export const predictionHistoryQuerySchema = z.strictObject({
  before: z
    .string()
    .regex(cursorPattern, 'A cursor is a time, or time:titleId:messageId')
    .transform((text): PredictionCursor => {
      const [, createdAt, titleId, messageId] = cursorPattern.exec(text) ?? []
      // a bare time: no message id sorts below '', so what was made at that very time is left out too
      return { createdAt: Number(createdAt), titleId: Number(titleId ?? 0), messageId: messageId ?? '' }
    }),
  limit: z.coerce.number().int().min(1).max(200).default(predictionHistoryPageDefault),
})

/** A page of the caller's older predictions, newest first; `next` asks for the page after it (null: none). */
export const predictionHistorySchema = z.object({
  predictions: z.array(taggedMessageSchema),
  next: z.string().nullable(),
})
export type PredictionHistory = z.infer<typeof predictionHistorySchema>

/** The spec's text for a second prediction on the same message. */
export const alreadyPredictedText = 'Warning: You have already made a prediction for this message.'

/** One row of the tagged-message overview (spec §3). */
export const performanceRowSchema = z.object({
  titleId: z.number(),
  titleName: z.string(),
  /** predictions Up, running and evaluated */
  trendsUp: z.number(),
  /** predictions Down, running and evaluated */
  trendsDown: z.number(),
  /** evaluated predictions that were correct */
  correctlyTaggedMessages: z.number(),
  /** the sum of rewardFactor over those */
  score: z.number(),
})
export type PerformanceRow = z.infer<typeof performanceRowSchema>

/** The total row's titleId and titleName. */
export const performanceTotalTitleId = 0
export const performanceTotalTitleName = 'Total'

/**
 * `GET /v1/stockgame/tagged-messages/performance`: the caller's overview, all time. `titles` has one row
 * per title the caller predicted on (by titleId); `total` sums them (titleId 0, titleName 'Total').
 * The server counts evaluated predictions only: judging running ones against the latest tick (the spec's
 * fallback) is the client's business, with its own taggedMessages and ticks.
 */
export const taggedMessagePerformanceSchema = z.object({
  titles: z.array(performanceRowSchema),
  total: performanceRowSchema,
})
export type TaggedMessagePerformance = z.infer<typeof taggedMessagePerformanceSchema>
