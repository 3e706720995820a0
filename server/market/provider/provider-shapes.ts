import { z } from 'zod'

/*
 * The answers we expect from the market-data provider. The product spec lists the provider's calls but
 * not one of their response shapes (§7: "Response shapes of all provider calls are not shown"), so these
 * are our assumptions, kept in this one file. They are lenient on purpose: unknown fields pass through,
 * almost every field is optional, numbers may arrive as strings, and a list may come bare or wrapped in
 * `{ data: [...] }`. An item that does not fit is skipped (and counted), never the whole answer.
 *
 * Where the spec's own server message shape has a name for a field (message_id, twitter_user, tweet,
 * sub, t, titles[].title_id/start_index/end_index), that spelling is accepted beside the plain one.
 */

const number = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*$/)
      .transform(Number),
  ])
  .refine(Number.isFinite)
const optionalNumber = number.nullish().transform((value) => value ?? undefined)
const titleId = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().positive())
/** Epoch seconds, epoch milliseconds or an ISO 8601 date or date-time. */
const instant = z.union([z.number(), z.string().min(1)])
const text = z.string().optional()

/** One title of `GET /titles/{idents}`: our universe id and what the provider calls it. */
export const providerTitleSchema = z.looseObject({
  id: titleId,
  name: text,
  /** one of the spec's market-data entity types (company, index, crypto_currency, forex, raw_material, ...) */
  type: text,
  /** ticker first, then ISIN or other codes */
  codes: z.array(z.string()).optional(),
  ticker: text,
  isin: text,
})
export type ProviderTitle = z.infer<typeof providerTitleSchema>

/** One quote of `GET /titles/{ident}/quotes`: an object, or a list of them of which the latest counts. */
export const providerQuoteSchema = z.looseObject({
  last: optionalNumber,
  /** accepted when `last` is absent */
  price: optionalNumber,
  bid: optionalNumber,
  ask: optionalNumber,
  time: instant.optional(),
  /** the quote's source (exchange or vendor); the tick's `s` */
  source: text,
})
export type ProviderQuote = z.infer<typeof providerQuoteSchema>

/** One bar of `GET /titles/{idents}/history`, whatever its resolution. */
export const providerBarSchema = z.looseObject({
  /** the bar's start: an ISO date (daily bars), an ISO date-time or epoch seconds / milliseconds */
  date: instant,
  open: number,
  high: number,
  low: number,
  close: number,
})
export type ProviderBar = z.infer<typeof providerBarSchema>

const mentionSchema = z.looseObject({
  id: titleId.optional(),
  title_id: titleId.optional(),
  start_index: z.number().int().optional(),
  end_index: z.number().int().optional(),
})

const authorSchema = z.looseObject({
  name: text,
  screen_name: text,
  username: text,
  profile_image_url: text,
})

/** One message of `GET /titles/{idents}/messages?type=tweets`. */
export const providerMessageSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  message_id: z.union([z.string(), z.number()]).optional(),
  text,
  tweet: text,
  sub: z.string().nullish(),
  time: instant.optional(),
  t: instant.optional(),
  author: authorSchema.optional(),
  twitter_user: authorSchema.optional(),
  /** the titles the message is about; indices (UTF-16, as `String.slice` counts) are optional */
  titles: z.array(mentionSchema).optional(),
})
export type ProviderMessage = z.infer<typeof providerMessageSchema>

/** `GET /titles/{ident}/price_ratios`: company figures in the title's currency (EPS and book value per share). */
export const providerPriceRatiosSchema = z.looseObject({
  pe: optionalNumber,
  pb: optionalNumber,
  ps: optionalNumber,
  market_cap: optionalNumber,
  eps: optionalNumber,
  sales: optionalNumber,
  book_value: optionalNumber,
})
export type ProviderPriceRatios = z.infer<typeof providerPriceRatiosSchema>

/** `GET /titles/{ident}/sma`: moving averages by span; only `sma_50` is used. */
export const providerSmaSchema = z.looseObject({ sma_50: optionalNumber })

/** The items of a list answer that fit `item`: a bare array or `{ data: [...] }`; `skipped` counts the rest. */
export function parseList<T>(item: z.ZodType<T>, answer: unknown): { items: T[]; skipped: number } {
  const list = Array.isArray(answer)
    ? answer
    : answer !== null && typeof answer === 'object' && Array.isArray((answer as { data?: unknown }).data)
      ? ((answer as { data: unknown[] }).data as unknown[])
      : undefined
  if (!list) return { items: [], skipped: 1 }
  const items: T[] = []
  for (const entry of list) {
    const parsed = item.safeParse(entry)
    if (parsed.success) items.push(parsed.data)
  }
  return { items, skipped: list.length - items.length }
}

/** An object answer, or the first item of a list answer (some APIs wrap single objects too). */
export function parseObject<T>(schema: z.ZodType<T>, answer: unknown): T | undefined {
  const value = Array.isArray(answer) ? answer[0] : answer
  const parsed = schema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/**
 * The bars of one title in a history answer: a list of bars, `{ data: [...] }`, or an object keyed by
 * the ident (an answer for several idents).
 */
export function historyBars(answer: unknown, ident: number): ProviderBar[] {
  if (answer !== null && typeof answer === 'object' && !Array.isArray(answer) && !('data' in answer)) {
    return parseList(providerBarSchema, (answer as Record<string, unknown>)[String(ident)]).items
  }
  return parseList(providerBarSchema, answer).items
}

/** Epoch milliseconds of a provider instant; numbers below 10^11 are seconds. */
export function epochMs(value: number | string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'number')
    return Number.isFinite(value) ? (value < 1e11 ? value * 1000 : value) : undefined
  if (/^\d+(\.\d+)?$/.test(value)) return epochMs(Number(value))
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? undefined : ms
}
