import { describe, expect, it } from 'vitest'
import { chartBars } from '../../server/market/chart'
import { fundamentalsOf } from '../../server/market/fundamentals'
import { TitleHistory } from '../../server/market/history'
import { PricePath } from '../../server/market/price-path'
import { quote } from '../../server/market/quote'
import { calendarOf } from '../../server/market/trading-hours'
import { instrumentById } from '../../server/market/universe'
import type { Bar, TimeRange } from '../../src/api/market'
import { timeRangeIds } from '../../src/api/market'
import { rsi, sma } from '../../src/domain/indicators'

const utc = (iso: string) => Date.parse(`${iso}Z`)
const historyOf = (id: number) => {
  const instrument = instrumentById(id)
  if (!instrument) throw new Error(`no title ${id}`)
  return new TitleHistory(new PricePath(instrument, calendarOf(instrument.exchange), 11))
}
const wellFormed = (bars: Bar[]) => {
  for (const bar of bars) {
    expect(bar.l).toBeLessThanOrEqual(Math.min(bar.o, bar.c))
    expect(bar.h).toBeGreaterThanOrEqual(Math.max(bar.o, bar.c))
  }
  const times = bars.map((bar) => bar.t)
  expect(times).toEqual([...times].sort((a, b) => a - b))
  expect(new Set(times).size).toBe(times.length)
}
const wednesdayAfternoon = utc('2025-03-12T19:00:00') // New York open since 13:30 UTC
const saturday = utc('2025-03-15T12:00:00')

describe('price history', () => {
  it('keeps daily bars back to 2020, a bar per trading date', () => {
    const history = historyOf(2494)
    const bars = history.dailyBars(wednesdayAfternoon)
    // weekdays from 2020-01-01 to 2025-03-12
    expect(bars.length).toBeGreaterThan(5 * 261)
    expect(bars[0]?.t).toBe(utc('2020-01-01T00:00:00') / 1000)
    expect(bars.at(-1)?.t).toBe(utc('2025-03-12T00:00:00') / 1000)
    wellFormed(bars)
    const crypto = historyOf(99979).dailyBars(wednesdayAfternoon)
    expect(crypto.length).toBe((utc('2025-03-12T00:00:00') - utc('2020-01-01T00:00:00')) / 86_400_000 + 1)
  })

  it('closes the running daily bar at the latest price and agrees with the intraday bars', () => {
    const history = historyOf(2494)
    const today = history.dailyBars(wednesdayAfternoon).at(-1) as Bar
    const last = quote(history.instrument, history.path.priceAt(wednesdayAfternoon), 0).l
    expect(today.c).toBe(last)
    const { bars } = chartBars(history, 'today', wednesdayAfternoon)
    expect(bars[0]?.o).toBe(today.o)
    expect(bars.at(-1)?.c).toBe(today.c)
    expect(Math.max(...bars.map((bar) => bar.h))).toBe(today.h)
    expect(Math.min(...bars.map((bar) => bar.l))).toBe(today.l)
  })

  it('keeps every tick of a minute inside that minute bar', () => {
    const history = historyOf(99979)
    const minuteStart = utc('2025-03-15T11:58:00')
    const bar = history.intradayBars(minuteStart, minuteStart + 60_000, 1, saturday)[0] as Bar
    for (let second = 0; second < 60; second += 1) {
      const price = quote(history.instrument, history.path.priceAt(minuteStart + second * 1000), 0).l
      expect(price).toBeGreaterThanOrEqual(bar.l)
      expect(price).toBeLessThanOrEqual(bar.h)
    }
  })

  it('serves every time range with the documented bar sizes', () => {
    const history = historyOf(2494)
    const expected: Record<TimeRange, { interval: string; count: (n: number) => boolean }> = {
      '3h': { interval: '1m', count: (n) => n === 180 },
      today: { interval: '5m', count: (n) => n === 66 },
      week: { interval: '30m', count: (n) => n === 13 + 13 + 11 },
      month: { interval: '1d', count: (n) => n === 8 }, // 3 to 12 March 2025
      ytd: { interval: '1d', count: (n) => n === 23 + 20 + 8 },
      year: { interval: '1d', count: (n) => n >= 250 && n <= 262 },
      all: { interval: '1w', count: (n) => n >= 270 },
    }
    for (const range of timeRangeIds) {
      const { interval, bars } = chartBars(history, range, wednesdayAfternoon)
      expect(interval, range).toBe(expected[range].interval)
      expect(expected[range].count(bars.length), `${range}: ${bars.length} bars`).toBe(true)
      wellFormed(bars)
      expect(bars.at(-1)?.c, range).toBe(
        quote(history.instrument, history.path.priceAt(wednesdayAfternoon), 0).l,
      )
    }
  })

  it('shows the last session of a closed market', () => {
    const history = historyOf(2494)
    const { bars } = chartBars(history, 'today', saturday)
    expect(bars).toHaveLength(78)
    expect(bars[0]?.t).toBe(utc('2025-03-14T13:30:00') / 1000)
    expect(chartBars(history, '3h', saturday).bars).toHaveLength(180)
    expect(chartBars(history, 'week', saturday).bars).toHaveLength(5 * 13)
  })
})

describe('fundamentals', () => {
  it('derives the price figures from the daily history', () => {
    const history = historyOf(2494)
    const figures = fundamentalsOf(history, wednesdayAfternoon)
    const bars = history.dailyBars(wednesdayAfternoon)
    const closes = bars.map((bar) => bar.c)
    expect(figures.price).toBe(closes.at(-1))
    expect(figures.previousClose).toBe(closes.at(-2))
    expect(figures.sma50).toBeCloseTo(sma(closes, 50) as number, 2)
    expect(figures.rsi14).toBeCloseTo(rsi(closes, 14) as number, 2)
    const lastYear = bars.filter((bar) => bar.t > (bars.at(-1)?.t ?? 0) - 365 * 86_400)
    expect(figures.week52High).toBe(Math.max(...lastYear.map((bar) => bar.h)))
    expect(figures.week52Low).toBe(Math.min(...lastYear.map((bar) => bar.l)))
    expect(figures.week52High).toBeGreaterThanOrEqual(figures.price)
    expect(figures.week52Low).toBeLessThanOrEqual(figures.price)
  })

  it('computes the ratios from the company figures and the price', () => {
    const figures = fundamentalsOf(historyOf(2494), wednesdayAfternoon)
    expect(figures).toMatchObject({
      titleId: 2494,
      currency: 'USD',
      earnings: 6.1,
      sales: 391e9,
      bookValue: 3.8,
    })
    expect(figures.marketCap).toBe(Math.round(figures.price * 15.1e9))
    expect(figures.pe).toBeCloseTo(figures.price / 6.1, 2)
    expect(figures.pb).toBeCloseTo(figures.price / 3.8, 2)
    expect(figures.ps).toBeCloseTo((figures.marketCap as number) / 391e9, 2)
  })

  it('leaves out what does not apply', () => {
    expect(fundamentalsOf(historyOf(2640), saturday).pe).toBeNull() // Intel: losses
    expect(fundamentalsOf(historyOf(3053), saturday).pb).toBeNull() // McDonald's: negative book value
    const dax = fundamentalsOf(historyOf(1000004), saturday)
    expect(dax).toMatchObject({ currency: 'PTS', marketCap: null, earnings: null, pe: null, ps: null })
    expect(dax.rsi14).not.toBeNull()
    expect(dax.asOf).toBe(utc('2025-03-14T16:30:00'))
    expect(fundamentalsOf(historyOf(99979), saturday).marketCap).toBeGreaterThan(0) // coins in circulation
  })
})
