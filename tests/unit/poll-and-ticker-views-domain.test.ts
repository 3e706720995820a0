import { describe, expect, it } from 'vitest'
import type { Bar, Fundamentals } from '~/api/market'
import {
  barStart,
  candlesOf,
  chartPriceFormat,
  closesOf,
  liveCandle,
  livePoint,
  wallClockSeconds,
} from '~/domain/chart-series'
import { countdownInWords, formatCountdown } from '~/domain/countdown-format'
import { fundamentalRows, notApplicable } from '~/domain/fundamentals-view'
import { newestPrice } from '~/domain/latest-price'
import { betWon, isInTab, phaseMoment, priceMove, resultShares, votesCast } from '~/domain/poll-view'
import { formatRelativeTime } from '~/domain/relative-time'
import { zoneOffsetMs } from '~/domain/zoned-time'

const results = (up: number, flat: number, down: number) => ({
  numUsersBetUp: up,
  numUsersBetFlat: flat,
  numUsersBetDown: down,
})

describe('poll display rules', () => {
  it('measures a price move from a reference', () => {
    expect(priceMove(100, 101.5)).toEqual({ change: 1.5, ratio: 0.015, direction: 'up' })
    expect(priceMove(100, 99).direction).toBe('down')
    expect(priceMove(100, 100).direction).toBe('flat')
    expect(priceMove(0, 5).ratio).toBe(0)
  })

  it('counts the votes cast and the share of each side', () => {
    expect(votesCast(results(3, 1, 0))).toBe(4)
    expect(resultShares(results(3, 1, 0))).toEqual({ up: 0.75, flat: 0.25, down: 0 })
    expect(resultShares(results(0, 0, 0))).toEqual({ up: 0, flat: 0, down: 0 })
  })

  it('takes the moment a phase is about: closing for open polls, evaluation after', () => {
    const poll = { endTime: 10, evalTime: 20 }
    expect(phaseMoment(poll, 'open')).toBe(10)
    expect(phaseMoment(poll, 'closed')).toBe(20)
    expect(phaseMoment(poll, 'evaluated')).toBe(20)
  })

  it('puts open and closed polls under Running and evaluated ones under Finished', () => {
    expect(isInTab('open', 'running')).toBe(true)
    expect(isInTab('closed', 'running')).toBe(true)
    expect(isInTab('evaluated', 'running')).toBe(false)
    expect(isInTab('evaluated', 'finished')).toBe(true)
  })

  it('says whether a bet won once the poll has an outcome', () => {
    expect(betWon('up', null)).toBeUndefined()
    expect(betWon('up', 'up')).toBe(true)
    expect(betWon('flat', 'down')).toBe(false)
  })
})

describe('time texts', () => {
  const minute = 60_000
  it('says a moment relative to now in the largest readable unit', () => {
    expect(formatRelativeTime(45_000, 0)).toBe('in 45 seconds')
    expect(formatRelativeTime(12 * minute, 0)).toBe('in 12 minutes')
    expect(formatRelativeTime(0, 3 * 60 * minute)).toBe('3 hours ago')
    expect(formatRelativeTime(30 * 60 * minute, 0)).toBe('in 30 hours')
    expect(formatRelativeTime(3 * 24 * 60 * minute, 0)).toBe('in 3 days')
  })

  it('rounds to the nearest unit, so a prediction just made is evaluated in 3 hours', () => {
    expect(formatRelativeTime(3 * 60 * minute - 5_000, 0)).toBe('in 3 hours')
    expect(formatRelativeTime(119 * minute, 0)).toBe('in 2 hours')
    expect(formatRelativeTime(0, 89 * minute)).toBe('1 hour ago')
    expect(formatRelativeTime(90 * minute, 0)).toBe('in 2 hours')
    expect(formatRelativeTime(60 * minute - 1, 0)).toBe('in 1 hour')
    expect(formatRelativeTime(59_600, 0)).toBe('in 1 minute')
  })

  it('shows the countdown as a clock and in words to the minute', () => {
    expect(formatCountdown(2 * 3_600_000 + 13 * minute + 5_000)).toBe('02:13:05')
    expect(formatCountdown(-5)).toBe('00:00:00')
    expect(countdownInWords(2 * 3_600_000 + 13 * minute + 5_000)).toBe('2 hours 14 minutes')
    expect(countdownInWords(minute)).toBe('1 minute')
    expect(countdownInWords(3_600_000)).toBe('1 hour')
    expect(countdownInWords(59_000)).toBe('less than a minute')
  })
})

describe('fundamentals formatting (spec §2, §9)', () => {
  const share: Fundamentals = {
    titleId: 2494,
    currency: 'USD',
    price: 190,
    marketCap: 2_934_000_000_000,
    previousClose: 188.5,
    week52High: 199.62,
    week52Low: 124.17,
    earnings: 6.13,
    sales: 383_290_000_000,
    bookValue: 4.26,
    sma50: 185.123,
    rsi14: 61.28,
    pe: 30.99,
    pb: 44.6,
    ps: 7.654,
    asOf: 0,
  }

  it('shows amounts in the currency, big ones compact, RSI with one decimal and ratios with two', () => {
    expect(Object.fromEntries(fundamentalRows(share).map((row) => [row.label, row.value]))).toEqual({
      'Market cap': '2.9T USD',
      'Previous close': '$188.50',
      '52-week high': '$199.62',
      '52-week low': '$124.17',
      'Earnings per share': '$6.13',
      Sales: '383.3B USD',
      'Book value per share': '$4.26',
      '50-day moving average': '$185.12',
      'RSI(14)': '61.3',
      'PE ratio': '30.99',
      'PB ratio': '44.60',
      'PS ratio': '7.65',
    })
  })

  it('marks the figures that do not apply to an index and prices it in points', () => {
    const index = {
      ...share,
      currency: 'PTS',
      marketCap: null,
      earnings: null,
      pe: null,
      previousClose: 15230.1,
    }
    const rows = new Map(fundamentalRows(index).map((row) => [row.label, row.value]))
    expect(rows.get('Market cap')).toBe(notApplicable)
    expect(rows.get('PE ratio')).toBe(notApplicable)
    expect(rows.get('Previous close')).toBe('15,230.10 PTS')
  })
})

describe('chart series', () => {
  const bar = (t: number, c: number): Bar => ({ t, o: c, h: c, l: c, c })

  it('finds the bar a moment falls in, weekly bars starting on Monday 00:00 UTC', () => {
    // 2025-03-05 (a Wednesday) 10:07:30 UTC
    const at = Date.UTC(2025, 2, 5, 10, 7, 30)
    expect(barStart(at, '5m')).toBe(Date.UTC(2025, 2, 5, 10, 5) / 1000)
    expect(barStart(at, '1d')).toBe(Date.UTC(2025, 2, 5) / 1000)
    expect(barStart(at, '1w')).toBe(Date.UTC(2025, 2, 3) / 1000)
  })

  it('draws closes and puts a live tick on its bar, never left of the last one', () => {
    const bars = [bar(600, 10), bar(900, 11)]
    expect(closesOf(bars)).toEqual([
      { time: 600, value: 10 },
      { time: 900, value: 11 },
    ])
    expect(livePoint(bars, '5m', { price: 12, at: 1_000_000 })).toEqual({ time: 900, value: 12 })
    expect(livePoint(bars, '5m', { price: 12, at: 1_250_000 })).toEqual({ time: 1200, value: 12 })
    expect(livePoint(bars, '5m', { price: 12, at: 300_000 })).toBeUndefined()
  })

  it('draws the bars as candles and moves the last candle with a live tick, or opens the next', () => {
    const bars = [bar(600, 10), { t: 900, o: 11, h: 13, l: 10.5, c: 12 }]
    const candles = candlesOf(bars)
    expect(candles[1]).toEqual({ time: 900, open: 11, high: 13, low: 10.5, close: 12 })
    const last = candles[1]
    expect(liveCandle(last, '5m', { price: 14, at: 1_000_000 })).toEqual({
      time: 900,
      open: 11,
      high: 14,
      low: 10.5,
      close: 14,
    })
    expect(liveCandle(last, '5m', { price: 10, at: 1_000_000 })).toEqual({
      time: 900,
      open: 11,
      high: 13,
      low: 10,
      close: 10,
    })
    expect(liveCandle(last, '5m', { price: 12.5, at: 1_250_000 })).toEqual({
      time: 1200,
      open: 12.5,
      high: 12.5,
      low: 12.5,
      close: 12.5,
    })
    expect(liveCandle(undefined, '5m', { price: 9, at: 300_000 })?.open).toBe(9)
    expect(liveCandle(last, '5m', { price: 12, at: 300_000 })).toBeUndefined()
  })

  it("writes the scale's prices with the decimals the app gives the title's prices", () => {
    // a currency pair: four decimals, or every label of its scale would read 0.91
    expect(chartPriceFormat([bar(600, 0.9091), bar(900, 0.9178)])).toEqual({
      type: 'price',
      precision: 4,
      minMove: 0.0001,
    })
    expect(chartPriceFormat([bar(600, 279.64), bar(900, 281.2)])).toMatchObject({
      precision: 2,
      minMove: 0.01,
    })
    // a title that crossed 10 in the range: its low needs four
    expect(chartPriceFormat([{ t: 600, o: 10.4, h: 10.6, l: 9.8, c: 10.2 }]).precision).toBe(4)
    expect(chartPriceFormat([]).precision).toBe(2)
  })

  it('takes the newest last price of the socket and the loaded tick', () => {
    expect(newestPrice({ price: 5, at: 20 }, { l: 4, t: 10 }, 1)).toBe(5)
    expect(newestPrice({ price: 5, at: 5 }, { l: 4, t: 10 }, 1)).toBe(4)
    expect(newestPrice(undefined, undefined, 1)).toBe(1)
  })
})

describe('chart times', () => {
  it("label a point with the player's wall clock, daylight saving included", () => {
    const berlin = (atMs: number) => zoneOffsetMs(atMs, 'Europe/Berlin') / 60_000
    const utcHour = (seconds: number) => new Date(seconds * 1000).toISOString().slice(11, 16)
    // the NYSE opens at 15:30 Berlin time, 14:30 UTC in winter and 13:30 UTC in summer
    const winterOpen = Date.UTC(2026, 0, 15, 14, 30) / 1000
    const summerOpen = Date.UTC(2026, 6, 15, 13, 30) / 1000
    expect(utcHour(wallClockSeconds(winterOpen, berlin))).toBe('15:30')
    expect(utcHour(wallClockSeconds(summerOpen, berlin))).toBe('15:30')
    expect(wallClockSeconds(winterOpen, () => 0)).toBe(winterOpen)
  })
})
