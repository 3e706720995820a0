import { describe, expect, it } from 'vitest'
import { exchanges } from '../../server/market/trading-hours'
import { idRanges, instrumentById, instruments, toTitle } from '../../server/market/universe'
import { titleIds } from '../../src/domain/default-watch-list'
import { titleCurrency } from '../../src/domain/title-currency'

const titles = instruments.map(toTitle)
const named = (pattern: RegExp) => titles.filter((title) => pattern.test(title.n))

describe('universe', () => {
  it('has at least 60 titles with unique ids in id order', () => {
    expect(titles.length).toBeGreaterThanOrEqual(60)
    const ids = titles.map((title) => title.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('keeps the default watch list ids', () => {
    expect(instrumentById(titleIds.apple)?.alias).toBe('Apple')
    expect(instrumentById(titleIds.amazon)?.alias).toBe('Amazon')
    expect(instrumentById(titleIds.tesla)?.alias).toBe('Tesla')
    expect(instrumentById(titleIds.bitcoin)?.alias).toBe('Bitcoin')
  })

  it('puts ids in the spec ranges', () => {
    for (const instrument of instruments) {
      const [low, high] = idRanges[instrument.class]
      expect(instrument.id, instrument.name).toBeGreaterThanOrEqual(low)
      expect(instrument.id, instrument.name).toBeLessThanOrEqual(high)
    }
    expect(Math.min(...instruments.map((i) => i.id))).toBe(2494)
    for (const index of titles.filter((t) => t.type === 'index'))
      expect(index.id).toBeGreaterThanOrEqual(1000000)
  })

  it('holds the instruments the spec names', () => {
    for (const pattern of [
      /^Amazon/,
      /^Apple/,
      /^Tesla/,
      /^Bitcoin$/,
      /^Bitcoin Cash$/,
      /^Ethereum$/,
      /^Litecoin$/,
      /^Ripple$/,
      /^Gold$/,
      /^Silver$/,
      /Crude Oil/,
      /^Natural Gas$/,
      /^Copper$/,
      /^Euro \/ US Dollar$/,
      /^British Pound \/ US Dollar$/,
      /^US Dollar \/ Russian Rubel$/,
      /^S&P 500$/,
      /^DAX$/,
      /^FTSE 100$/,
      /^Nikkei 225$/,
      /^OMX Stockholm 30$/,
    ]) {
      expect(named(pattern).length, String(pattern)).toBeGreaterThan(0)
    }
  })

  it('has shares of technology, automotive, consumer brands and banks', () => {
    for (const sector of ['technology', 'automotive', 'consumer', 'bank'] as const) {
      expect(instruments.filter((i) => i.sector === sector).length, sector).toBeGreaterThanOrEqual(4)
    }
  })

  it('derives every currency by the spec rule', () => {
    for (const title of titles) expect(title.currency).toBe(titleCurrency(title))
    const currencyOf = (id: number) => titles.find((t) => t.id === id)?.currency
    expect(currencyOf(1000004)).toBe('PTS')
    expect(currencyOf(titleIds.bitcoin)).toBe('USD')
    expect(currencyOf(99967)).toBe('RUB')
    expect(currencyOf(99968)).toBe('JPY')
    expect(currencyOf(titleIds.apple)).toBe('USD')
  })

  it('gives codes: ticker first, an ISIN-like code for shares and indices', () => {
    for (const instrument of instruments) {
      expect(instrument.codes[0]).toBeTruthy()
      if (instrument.class === 'share' || instrument.class === 'index')
        expect(instrument.codes[1], instrument.name).toMatch(/^[A-Z]{2}[A-Z0-9]{9}\d$/)
    }
  })

  it('gives every title simulation metadata and shares their company figures', () => {
    for (const instrument of instruments) {
      expect(instrument.exchange in exchanges).toBe(true)
      expect(instrument.startPrice).toBeGreaterThan(0)
      expect(instrument.volatility).toBeGreaterThan(0)
      expect(instrument.spread).toBeGreaterThan(0)
      expect(instrument.tickChance).toBeGreaterThan(0)
      expect(instrument.tickChance).toBeLessThanOrEqual(1)
      if (instrument.class === 'share') expect(instrument.company?.sharesOutstanding).toBeGreaterThan(0)
    }
  })
})
