import type { Title } from '../../src/api/market'
import { titleCurrency } from '../../src/domain/title-currency'
import type { Instrument } from './instrument'
import { exchanges, type TradingHours } from './trading-hours'
import { markets } from './universe-markets'
import { shares } from './universe-shares'

/** Spec §3: shares about 2494..99964, currencies, crypto and commodities from 99965, indices from 1000000. */
export const idRanges = {
  share: [2494, 99964],
  forex: [99965, 999999],
  crypto: [99965, 999999],
  commodity: [99965, 999999],
  index: [1000000, 1000031],
} as const

function checked(instruments: Instrument[]): Instrument[] {
  const seen = new Set<number>()
  for (const instrument of instruments) {
    const [low, high] = idRanges[instrument.class]
    if (instrument.id < low || instrument.id > high) throw new Error(`title ${instrument.id} out of range`)
    if (seen.has(instrument.id)) throw new Error(`title ${instrument.id} twice in the universe`)
    if (!(instrument.exchange in exchanges)) throw new Error(`title ${instrument.id}: no hours`)
    seen.add(instrument.id)
  }
  return instruments.sort((a, b) => a.id - b.id)
}

/** The product-owned instrument list, in id order. */
export const instruments: readonly Instrument[] = checked([...shares, ...markets])

const byId = new Map(instruments.map((instrument) => [instrument.id, instrument]))

export function instrumentById(id: number): Instrument | undefined {
  return byId.get(id)
}

const wireHours = (hours: TradingHours) => ({ ...hours, days: [...hours.days] })

/** The wire title: name, type, codes, the currency derived by the spec's rule and the market's hours. */
export function toTitle(instrument: Instrument): Title {
  const title = { id: instrument.id, n: instrument.name, type: instrument.type, c: [...instrument.codes] }
  return { ...title, currency: titleCurrency(title), hours: wireHours(exchanges[instrument.exchange]) }
}
