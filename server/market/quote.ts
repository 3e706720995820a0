import type { Tick } from '../../src/api/market'
import type { Instrument } from './instrument'

/** Source tag of simulated ticks (the spec's default source). */
export const simulatedSource = 'sp'

export function roundPrice(price: number, decimals: number): number {
  const scale = 10 ** decimals
  return Math.round(price * scale) / scale
}

/**
 * A quote around the last price: bid and ask half the title's spread away, rounded outwards, at least
 * one price step apart from the last price, so b < l < a always holds. `previousClose`, when given, goes
 * with it (rounded like the price) so a client can show the change since the previous close.
 */
export function quote(instrument: Instrument, price: number, t: number, previousClose?: number): Tick {
  const scale = 10 ** instrument.decimals
  const last = Math.round(price * scale)
  const half = instrument.spread / 2
  const bid = Math.min(last - 1, Math.floor(price * (1 - half) * scale))
  const ask = Math.max(last + 1, Math.ceil(price * (1 + half) * scale))
  const tick: Tick = {
    id: instrument.id,
    a: ask / scale,
    b: bid / scale,
    l: last / scale,
    s: simulatedSource,
    t,
  }
  if (previousClose !== undefined) tick.pc = roundPrice(previousClose, instrument.decimals)
  return tick
}
