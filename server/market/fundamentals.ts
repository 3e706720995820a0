import type { Fundamentals } from '../../src/api/market'
import { rsi, sma } from '../../src/domain/indicators'
import type { TitleHistory } from './history'
import { roundPrice } from './quote'
import { toTitle } from './universe'

const round2 = (value: number) => Math.round(value * 100) / 100
const ratio = (numerator: number | null, denominator: number | null | undefined) =>
  numerator !== null && denominator && denominator > 0 ? round2(numerator / denominator) : null

/**
 * The spec's fundamentals at `now`: price-derived figures from the daily history (whose completed part
 * is cached per trading date, so this is a pass over ~1,600 closes), company figures from metadata.
 */
export function fundamentalsOf(history: TitleHistory, now: number): Fundamentals {
  const instrument = history.instrument
  const bars = history.dailyBars(now)
  const latest = bars.at(-1)
  if (!latest) throw new Error(`no history for title ${instrument.id}`)
  const price = latest.c
  const closes = bars.map((bar) => bar.c)
  const yearAgo = latest.t - 365 * 86_400
  let week52High = -Infinity
  let week52Low = Infinity
  for (let i = bars.length - 1; i >= 0 && (bars[i]?.t ?? 0) > yearAgo; i -= 1) {
    week52High = Math.max(week52High, (bars[i] as { h: number }).h)
    week52Low = Math.min(week52Low, (bars[i] as { l: number }).l)
  }
  const company = instrument.company
  const units = company?.sharesOutstanding ?? instrument.supply
  const marketCap = units === undefined ? null : Math.round(price * units)
  const sma50 = sma(closes, 50)
  const rsi14 = rsi(closes, 14)
  return {
    titleId: instrument.id,
    currency: toTitle(instrument).currency,
    price,
    marketCap,
    previousClose: bars.at(-2)?.c ?? latest.o,
    week52High,
    week52Low,
    earnings: company?.eps ?? null,
    sales: company?.sales ?? null,
    bookValue: company?.bookValuePerShare ?? null,
    sma50: sma50 === undefined ? null : roundPrice(sma50, instrument.decimals),
    rsi14: rsi14 === undefined ? null : round2(rsi14),
    pe: ratio(price, company?.eps),
    pb: ratio(price, company?.bookValuePerShare),
    ps: ratio(marketCap, company?.sales),
    asOf: Math.min(now, history.calendar.latestSessionAt(now).end),
  }
}
