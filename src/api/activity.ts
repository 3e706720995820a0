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

/**
 * A poll opened (timestamp startTime) or settled (timestamp settledAt, with outcome and evalPrice; and
 * bankWon and pot: whether nobody called it and the Bank took the pot, absent in streams kept from
 * before they were sent).
 */
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
    /** settled with nobody on the outcome's side: the Bank took the pot */
    bankWon: z.boolean().optional(),
    /** TTC bet on the poll, once settled */
    pot: z.number().optional(),
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

/** One of a group's top three of a finished week, as the trophies job awarded them. */
export const groupWinnerSchema = z.object({
  userId: z.number(),
  username: z.string(),
  /** 1 gold, 2 silver, 3 bronce; players sharing a rank share it */
  rank: z.number().int().min(1).max(3),
  /** TTC won that week */
  points: z.number(),
})

/**
 * A group's winners of a finished ISO week (timestamp: when the trophies were awarded), one element per
 * group and week; only weeks that had winners. groupName is the group's name when they won.
 */
export const userGroupWinnersElementSchema = z.object({
  type: z.literal('UserGroupWinners'),
  timestamp: z.number(),
  data: z.object({
    groupId: z.number(),
    groupName: z.string(),
    /** Monday 00:00 of the week in the game's time zone */
    weekStart: z.number(),
    winners: z.array(groupWinnerSchema),
  }),
})

export const activityElementSchema = z.discriminatedUnion('type', [
  taggedMessageElementSchema,
  voteElementSchema,
  pollElementSchema,
  pollAnnouncementElementSchema,
  userGroupWinnersElementSchema,
])
export type ActivityStreamElement = z.infer<typeof activityElementSchema>
export const activityPageSchema = z.array(activityElementSchema)
