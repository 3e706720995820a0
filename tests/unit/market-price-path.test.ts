import { describe, expect, it } from 'vitest'
import { anchorDay, historyStartDay, PricePath } from '../../server/market/price-path'
import { quote } from '../../server/market/quote'
import { calendarOf } from '../../server/market/trading-hours'
import { instrumentById, instruments } from '../../server/market/universe'

const utc = (iso: string) => Date.parse(`${iso}Z`)
const pathOf = (id: number, seed = 7) => {
  const instrument = instrumentById(id)
  if (!instrument) throw new Error(`no title ${id}`)
  return new PricePath(instrument, calendarOf(instrument.exchange), seed)
}
const apple = 2494
const bitcoin = 99979

describe('simulated price path (GBM)', () => {
  it('is a pure function of seed and time', () => {
    const moments = [utc('2025-03-12T15:00:00'), utc('2025-03-12T15:00:07'), utc('2026-02-03T19:45:31')]
    const first = pathOf(apple, 7)
    const again = pathOf(apple, 7)
    // computed in another order by another instance: same prices
    for (const t of [...moments].reverse()) again.priceAt(t)
    for (const t of moments) expect(again.priceAt(t)).toBe(first.priceAt(t))
    const other = pathOf(apple, 8)
    expect(moments.some((t) => other.priceAt(t) !== first.priceAt(t))).toBe(true)
  })

  it('closes at the start price on the anchor date', () => {
    const path = pathOf(apple)
    expect(Math.exp(path.logClose(anchorDay))).toBeCloseTo(243, 9)
    expect(path.priceAt(utc('2025-01-02T22:00:00'))).toBeCloseTo(243, 9)
  })

  it('freezes the last price while the market is closed', () => {
    const path = pathOf(apple)
    const fridayClose = path.priceAt(utc('2025-03-14T20:00:00'))
    expect(path.priceAt(utc('2025-03-14T23:00:00'))).toBe(fridayClose)
    expect(path.priceAt(utc('2025-03-15T12:00:00'))).toBe(fridayClose)
    expect(path.priceAt(utc('2025-03-17T13:29:59'))).toBe(fridayClose)
    // and moves again once the session runs
    expect(path.priceAt(utc('2025-03-17T14:30:00'))).not.toBe(fridayClose)
  })

  it('keeps moving around the clock for crypto, second by second', () => {
    const path = pathOf(bitcoin)
    const saturday = utc('2025-03-15T12:00:00')
    const prices = [0, 1000, 2000, 60_000, 3 * 3_600_000].map((ms) => path.priceAt(saturday + ms))
    expect(new Set(prices).size).toBe(prices.length)
    // within one second the price stands still
    expect(path.priceAt(saturday + 1500)).toBe(prices[1])
  })

  it('never stands still from one second to the next while it trades, and stays inside each minute bar', () => {
    // the minute's high and low are drawn apart from its second prices: clamping the seconds to them
    // held bitcoin's price still for up to 38 s, a quote that looked frozen
    const start = utc('2026-11-28T00:00:00')
    for (const id of [bitcoin, apple, 99980]) {
      const path = pathOf(id, 1)
      const session = calendarOf(path.instrument.exchange).latestSessionAt(start + 16 * 3_600_000)
      const minutes = path.sessionPath(session)
      let standingStill = 0
      for (let minute = 0; minute < 60; minute += 1) {
        const [high, low] = path.minuteExtremes(minutes, minute)
        let previous = Number.NaN
        for (let second = 0; second <= 60; second += 1) {
          const log = path.logAt(minutes, session.start + minute * 60_000 + second * 1000)
          expect(log).toBeLessThanOrEqual(high)
          expect(log).toBeGreaterThanOrEqual(low)
          if (log === previous) standingStill += 1
          previous = log
        }
      }
      expect(standingStill, `title ${id}`).toBe(0)
    }
  })

  it('opens each session at the previous close and ends it at the day close', () => {
    const path = pathOf(apple)
    const session = calendarOf('nyse').latestSessionAt(utc('2025-03-12T15:00:00'))
    const minutes = path.sessionPath(session)
    expect(minutes.log[0]).toBeCloseTo(path.logClose(session.date - 1), 12)
    expect(minutes.log[minutes.minutes]).toBe(path.logClose(session.date))
    expect(minutes.minutes).toBe(390)
  })

  it('has the title volatility in its daily log returns', () => {
    for (const id of [apple, bitcoin, 99965]) {
      const path = pathOf(id)
      const trading = path.calendar.hours.days
      const returns: number[] = []
      for (let day = historyStartDay + 1; day < historyStartDay + 2000; day += 1) {
        const weekday = ((((day + 3) % 7) + 7) % 7) + 1
        if (trading.includes(weekday)) returns.push(path.logClose(day) - path.logClose(day - 1))
      }
      const mean = returns.reduce((a, b) => a + b, 0) / returns.length
      const variance = returns.reduce((a, b) => a + (b - mean) ** 2, 0) / (returns.length - 1)
      const yearly = Math.sqrt((variance * (trading.length * 365.25)) / 7)
      expect(yearly / path.instrument.volatility).toBeGreaterThan(0.9)
      expect(yearly / path.instrument.volatility).toBeLessThan(1.1)
    }
  })
})

describe('quotes', () => {
  it('put bid below and ask above the last price with about the title spread', () => {
    const t = utc('2025-03-12T15:00:00')
    for (const instrument of instruments) {
      const path = new PricePath(instrument, calendarOf(instrument.exchange), 3)
      const tick = quote(instrument, path.priceAt(t), t)
      expect(tick.b, instrument.name).toBeLessThan(tick.l)
      expect(tick.l, instrument.name).toBeLessThan(tick.a)
      expect(tick.s).toBe('sp')
      const spread = (tick.a - tick.b) / tick.l
      const step = (2 * 10 ** -instrument.decimals) / tick.l
      expect(spread, instrument.name).toBeGreaterThanOrEqual(instrument.spread * 0.99)
      expect(spread, instrument.name).toBeLessThanOrEqual(Math.max(instrument.spread, 0) + 2 * step)
    }
  })

  it('rounds to the title decimals', () => {
    const euro = instrumentById(99965)
    if (!euro) throw new Error('no EUR/USD')
    const tick = quote(euro, 1.0812345678, 0)
    expect(tick.l).toBe(1.08123)
    expect(tick).toMatchObject({ id: 99965, t: 0 })
  })
})
