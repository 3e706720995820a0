import type { Bar, Fundamentals, Tick, Title } from '../../../src/api/market'
import { rsi, sma } from '../../../src/domain/indicators'
import type { ProviderPriceRatios } from './provider-shapes'

const round2 = (value: number) => Math.round(value * 100) / 100
const ratio = (numerator: number | null, denominator: number | null) =>
  numerator !== null && denominator !== null && denominator > 0 ? round2(numerator / denominator) : null
const orNull = (value: number | undefined) => value ?? null

export interface FundamentalsInput {
  title: Title
  /** daily bars of about the last year and more (oldest first); the latest may be today's */
  daily: readonly Bar[]
  /** the latest tick, if there is one: its price wins over the last close */
  tick: Tick | undefined
  ratios: ProviderPriceRatios | undefined
  /** the provider's SMA(50), if it gave one */
  sma50: number | undefined
  /** 00:00 UTC of the latest trading date, epoch seconds: bars before it are closed days */
  sessionDay: number
  now: number
}

/**
 * The spec's fundamentals from the provider's figures: company figures and ratios from price_ratios
 * (the ratios computed from the price where it gives the figures but not the ratio), previous close,
 * 52-week range and RSI(14) from the daily history, SMA(50) from the provider or else the history.
 * Undefined when there is no price at all.
 */
export function fundamentalsFrom(input: FundamentalsInput): Fundamentals | undefined {
  const { daily, tick, ratios, title } = input
  const latest = daily.at(-1)
  const price = tick?.l ?? latest?.c
  if (price === undefined) return undefined
  const closes = daily.map((bar) => bar.c)
  const closedDays = daily.filter((bar) => bar.t < input.sessionDay)
  const yearAgo = (latest?.t ?? input.now / 1000) - 365 * 86_400
  const lastYear = daily.filter((bar) => bar.t > yearAgo)
  const earnings = orNull(ratios?.eps)
  const bookValue = orNull(ratios?.book_value)
  const sales = orNull(ratios?.sales)
  const marketCap = orNull(ratios?.market_cap)
  const sma50 = input.sma50 ?? sma(closes, 50)
  const rsi14 = rsi(closes, 14)
  return {
    titleId: title.id,
    currency: title.currency,
    price,
    marketCap,
    previousClose: closedDays.at(-1)?.c ?? daily.at(-2)?.c ?? latest?.o ?? price,
    week52High: Math.max(price, ...lastYear.map((bar) => bar.h)),
    week52Low: Math.min(price, ...lastYear.map((bar) => bar.l)),
    earnings,
    sales,
    bookValue,
    sma50: sma50 === undefined ? null : sma50,
    rsi14: rsi14 === undefined ? null : round2(rsi14),
    pe: ratios?.pe ?? ratio(price, earnings),
    pb: ratios?.pb ?? ratio(price, bookValue),
    ps: ratios?.ps ?? ratio(marketCap, sales),
    asOf: Math.min(input.now, tick?.t ?? (latest ? latest.t * 1000 : input.now)),
  }
}
