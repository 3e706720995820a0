import type { Tick } from '../../../src/api/market'
import type { Instrument } from '../instrument'
import { quote, simulatedSource } from '../quote'
import { epochMs, type ProviderQuote, parseList, providerQuoteSchema } from './provider-shapes'

/** The latest usable quote of a quotes answer (an object or a list of them), as a tick; undefined if none. */
export function tickFromQuotes(instrument: Instrument, answer: unknown, now: number): Tick | undefined {
  const listed = parseList(providerQuoteSchema, answer)
  const single = listed.items.length === 0 ? providerQuoteSchema.safeParse(answer) : undefined
  const quotes = single?.success ? [single.data] : listed.items
  let latest: { quote: ProviderQuote; t: number } | undefined
  for (const candidate of quotes) {
    if ((candidate.last ?? candidate.price) === undefined) continue
    const t = Math.min(epochMs(candidate.time) ?? now, now)
    if (!latest || t >= latest.t) latest = { quote: candidate, t }
  }
  return latest && toTick(instrument, latest.quote, latest.t)
}

/**
 * A tick from one quote: the provider's bid and ask when it gives both (and they bracket a positive
 * last price), else our spread around the last price; source the provider's, else 'sp'.
 */
function toTick(instrument: Instrument, providerQuote: ProviderQuote, t: number): Tick | undefined {
  const last = providerQuote.last ?? providerQuote.price
  if (last === undefined || last <= 0) return undefined
  const { bid, ask } = providerQuote
  const s = providerQuote.source?.trim() || simulatedSource
  if (bid !== undefined && ask !== undefined && bid > 0 && bid <= ask)
    return { id: instrument.id, a: ask, b: bid, l: last, s, t }
  return { ...quote(instrument, last, t), l: last, s }
}

/** Whether a tick carries news: another price than the one known (time alone is no news). */
export function priceChanged(known: Tick | undefined, tick: Tick): boolean {
  return !known || known.a !== tick.a || known.b !== tick.b || known.l !== tick.l || known.s !== tick.s
}
