import { z } from 'zod'
import { voteValueSchema } from './polls'
import { trendSchema } from './predictions'

/** Largest page of `GET /v1/stockgame/activity`. */
export const activityPageMax = 100
export const activityPageDefault = 50

/**
 * `GET /v1/stockgame/activity`: the active group's stream, newest first; the next page is
 * `before=<timestamp of the last element>` (a page never splits elements of one timestamp).
 */
export const activityQuerySchema = z.strictObject({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(activityPageMax).default(activityPageDefault),
})

/** A member's prediction; `correct` once evaluated. */
const taggedMessageDataSchema = z.object({
  userId: z.number(),
  username: z.string(),
  titleId: z.number(),
  messageId: z.string(),
  trend: trendSchema,
  atPrice: z.number(),
  evalPrice: z.number().nullable(),
  evaluatedAt: z.number().nullable(),
  createdAt: z.number(),
  rewardFactor: z.number(),
  correct: z.boolean().nullable(),
})

/**
 * A prediction made (timestamp createdAt, evaluationTime createdAt + 3 h) or evaluated (timestamp and
 * evaluationTime both evaluatedAt, evalPrice set): the client's `isEvaluatedElement` tells them apart.
 */
export const taggedMessageElementSchema = z.object({
  type: z.literal('TaggedMessage'),
  timestamp: z.number(),
  evaluationTime: z.number(),
  evalPrice: z.number().nullable(),
  data: taggedMessageDataSchema,
})

/**
 * A member's bet. Side and stake stay hidden while the poll takes bets (other players see only counts
 * then); they show once betting has closed.
 */
export const voteElementSchema = z.object({
  type: z.literal('Vote'),
  timestamp: z.number(),
  data: z.object({
    pollId: z.number(),
    titleId: z.number(),
    userId: z.number(),
    username: z.string(),
    vote: voteValueSchema.nullable(),
    /** TTC */
    ttcBet: z.number().nullable(),
  }),
})

/** A poll opened (timestamp startTime) or settled (timestamp settledAt, with outcome and evalPrice). */
export const pollElementSchema = z.object({
  type: z.literal('Poll'),
  timestamp: z.number(),
  data: z.object({
    pollId: z.number(),
    titleId: z.number(),
    event: z.enum(['opened', 'settled']),
    priceBase: z.number(),
    startTime: z.number(),
    endTime: z.number(),
    evalTime: z.number(),
    evalPrice: z.number().nullable(),
    outcome: voteValueSchema.nullable(),
  }),
})

/** The next poll start (timestamp: that start, ahead of now); first page only. */
export const pollAnnouncementElementSchema = z.object({
  type: z.literal('PollAnnouncement'),
  timestamp: z.number(),
  data: z.object({
    startTime: z.number(),
    endTime: z.number(),
    evalTime: z.number(),
    titleIds: z.array(z.number()),
    /** the IANA zone of the poll schedule; absent in streams kept from before it was sent */
    timeZone: z.string().optional(),
  }),
})

export const activityElementSchema = z.discriminatedUnion('type', [
  taggedMessageElementSchema,
  voteElementSchema,
  pollElementSchema,
  pollAnnouncementElementSchema,
])
export type ActivityStreamElement = z.infer<typeof activityElementSchema>
export const activityPageSchema = z.array(activityElementSchema)
