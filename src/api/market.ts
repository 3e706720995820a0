import { z } from 'zod'
import { databaseIdParamSchema } from './ids'

/** The spec's four title types; company shares and commodities are 'others'. */
export const titleTypeSchema = z.enum(['index', 'crypto_currency', 'forex', 'others'])
export type TitleType = z.infer<typeof titleTypeSchema>

const titleId = z.number().int().positive()

/** `TradingHours` of src/domain/trading-hours.ts: when the title's market trades. */
export const tradingHoursSchema = z.object({
  zone: z.string(),
  days: z.array(z.number().int().min(1).max(7)),
  open: z.number().int().min(0).max(1440),
  close: z.number().int().min(0).max(1440),
  opensDayBefore: z.boolean().optional(),
})

/** A tradable instrument as `GET /v1/stockgame/universe` lists it. */
export const titleSchema = z.object({
  id: titleId,
  /** name */
  n: z.string(),
  type: titleTypeSchema,
  /** codes: ticker first, then ISIN where there is one */
  c: z.array(z.string()),
  /** derived by the spec's rule, see `titleCurrency` */
  currency: z.string(),
  /** when its market trades (ours, for the fair-play rules); absent: unknown, the server decides */
  hours: tradingHoursSchema.optional(),
})
export type Title = z.infer<typeof titleSchema>

export const universeSchema = z.array(titleSchema)

/** A price update, as the realtime channel pushes it. */
export const tickSchema = z.object({
  id: titleId,
  /** ask */
  a: z.number(),
  /** bid */
  b: z.number(),
  /** last price: what a prediction or poll is measured against */
  l: z.number(),
  /** source; 'sp' when a pushed tick lacks it */
  s: z.string(),
  /** time of the tick, epoch milliseconds */
  t: z.number(),
  /** previous close (ours, added): the close of the session before the latest one, for the change in % */
  pc: z.number().optional(),
})
export type Tick = z.infer<typeof tickSchema>

/** One entry of the `subscribe title ticks` acknowledgement: the latest tick with `t` named `tl`. */
export const subscribeTickSchema = z.object({
  a: z.number(),
  b: z.number(),
  l: z.number(),
  s: z.string(),
  /** time of the latest tick, epoch milliseconds */
  tl: z.number(),
  /** previous close, as the tick's `pc` */
  pc: z.number().optional(),
})
export type SubscribeTick = z.infer<typeof subscribeTickSchema>

export function toSubscribeTick(tick: Tick): SubscribeTick {
  const answer = { a: tick.a, b: tick.b, l: tick.l, s: tick.s, tl: tick.t }
  return tick.pc === undefined ? answer : { ...answer, pc: tick.pc }
}

/** Where a title is mentioned in a message: `tweet.slice(start_index, end_index)` (UTF-16 code units). */
export const messageTitleSchema = z.object({
  title_id: titleId,
  start_index: z.number().int().min(0),
  end_index: z.number().int().min(0),
})

export const twitterUserSchema = z.object({
  /** absolute URL of the author's avatar */
  profile_image_url: z.string(),
  name: z.string(),
  /** handle without '@' */
  screen_name: z.string(),
})

/** A message of the stream in the spec's server shape. */
export const serverMessageSchema = z.object({
  message_id: z.string(),
  twitter_user: twitterUserSchema,
  tweet: z.string(),
  /** optional sub-text (a quoted headline) */
  sub: z.string().optional(),
  /** creation time, epoch seconds */
  t: z.number(),
  titles: z.array(messageTitleSchema),
})
export type ServerMessage = z.infer<typeof serverMessageSchema>

/** What the realtime channel pushes as 'message'. */
export const liveMessageSchema = serverMessageSchema.extend({ type: z.literal('tweets') })
export type LiveMessage = z.infer<typeof liveMessageSchema>

export const untaggedMessagesSchema = z.array(serverMessageSchema)

/** URL-safe ids of the spec's chart time ranges, in the order the UI shows them. */
export const timeRangeIds = ['3h', 'today', 'week', 'month', 'ytd', 'year', 'all'] as const
export const timeRangeSchema = z.enum(timeRangeIds)
export type TimeRange = z.infer<typeof timeRangeSchema>

/** The spec's labels. 'year' is the last twelve months; 'ytd' runs from 1 January. */
export const timeRangeLabels: Record<TimeRange, string> = {
  '3h': 'Last 3h',
  today: 'Today',
  week: 'This week',
  month: 'This month',
  ytd: 'YTD',
  year: 'This year',
  all: 'All-time',
}

export const barIntervalSchema = z.enum(['1m', '5m', '30m', '1d', '1w'])
export type BarInterval = z.infer<typeof barIntervalSchema>

/**
 * One OHLC bar. `t` is epoch seconds (what lightweight-charts takes): the bar's start for intraday
 * bars, 00:00 UTC of the trading date (of the week's Monday) for daily (weekly) bars.
 */
export const barSchema = z.object({
  t: z.number(),
  o: z.number(),
  h: z.number(),
  l: z.number(),
  c: z.number(),
})
export type Bar = z.infer<typeof barSchema>

export const chartSchema = z.object({
  titleId,
  range: timeRangeSchema,
  interval: barIntervalSchema,
  currency: z.string(),
  bars: z.array(barSchema),
})
export type Chart = z.infer<typeof chartSchema>

/**
 * The spec's fundamentals. Per-share figures (earnings = EPS, bookValue per share) and sales (yearly
 * revenue) are in the title's currency; null where they do not apply (indices, currencies, metals).
 */
export const fundamentalsSchema = z.object({
  titleId,
  currency: z.string(),
  /** last price the other figures use */
  price: z.number(),
  marketCap: z.number().nullable(),
  previousClose: z.number(),
  week52High: z.number(),
  week52Low: z.number(),
  earnings: z.number().nullable(),
  sales: z.number().nullable(),
  bookValue: z.number().nullable(),
  /** mean of the last 50 daily closes */
  sma50: z.number().nullable(),
  /** 14-day RSI with Wilder's smoothing */
  rsi14: z.number().nullable(),
  /** price / earnings; null when earnings are not positive */
  pe: z.number().nullable(),
  /** price / book value; null when book value is not positive */
  pb: z.number().nullable(),
  /** market cap / sales */
  ps: z.number().nullable(),
  /** epoch milliseconds of the price */
  asOf: z.number(),
})
export type Fundamentals = z.infer<typeof fundamentalsSchema>

export const titleParamsSchema = z.strictObject({
  id: databaseIdParamSchema,
})

export const chartQuerySchema = z.strictObject({ range: timeRangeSchema.default('today') })

/** Avatar handles are Twitter-like: letters, digits, underscore. */
export const avatarParamsSchema = z.strictObject({ handle: z.string().regex(/^[A-Za-z0-9_]{1,30}$/) })
