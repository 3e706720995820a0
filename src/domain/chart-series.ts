import type { Bar, BarInterval } from '../api/market'
import { priceFractionDigits } from './number-format'

const daySeconds = 86_400

const intervalSeconds: Record<BarInterval, number> = {
  '1m': 60,
  '5m': 300,
  '30m': 1800,
  '1d': daySeconds,
  '1w': 7 * daySeconds,
}

/**
 * The start (epoch seconds) of the bar a moment falls in: intraday bars on their interval, daily bars
 * at 00:00 UTC, weekly bars at 00:00 UTC of the week's Monday (as the chart route sends them).
 */
export function barStart(atMs: number, interval: BarInterval): number {
  const seconds = Math.floor(atMs / 1000)
  if (interval !== '1w') return seconds - (seconds % intervalSeconds[interval])
  const dayIndex = Math.floor(seconds / daySeconds)
  // 1 January 1970 was a Thursday: three days after a Monday
  const monday = dayIndex - ((dayIndex + 3) % 7)
  return monday * daySeconds
}

/** A point of an area (line) series. */
export interface ChartPoint {
  readonly time: number
  readonly value: number
}

/** The bars' closes as an area series. */
export function closesOf(bars: readonly Bar[]): ChartPoint[] {
  return bars.map((bar) => ({ time: bar.t, value: bar.c }))
}

/**
 * Where a live tick goes on the chart: the close of its bar, which is the last bar or a new one. A tick
 * older than the last bar is dropped (a chart only grows to the right).
 */
export function livePoint(
  bars: readonly Bar[],
  interval: BarInterval,
  tick: { readonly price: number; readonly at: number },
): ChartPoint | undefined {
  const time = barStart(tick.at, interval)
  const last = bars.at(-1)
  if (last && time < last.t) return undefined
  return { time, value: tick.price }
}

/**
 * A point's time as lightweight-charts should label it: the chart reads every time as UTC, so a time
 * moved by the player's zone offset at that instant (`offsetMinutesAt`, east of UTC positive) reads as
 * the wall-clock time there: a NYSE open at 14:30 UTC shows as 15:30 in Berlin in winter, 16:30 in
 * summer, and day ticks fall on local midnights.
 */
export function wallClockSeconds(epochSeconds: number, offsetMinutesAt: (atMs: number) => number): number {
  return epochSeconds + offsetMinutesAt(epochSeconds * 1000) * 60
}

/** A candle of a candlestick series. */
export interface ChartCandle {
  readonly time: number
  readonly open: number
  readonly high: number
  readonly low: number
  readonly close: number
}

/** The bars as candles (the chart route's bars all have open, high, low and close). */
export function candlesOf(bars: readonly Bar[]): ChartCandle[] {
  return bars.map((bar) => ({ time: bar.t, open: bar.o, high: bar.h, low: bar.l, close: bar.c }))
}

/**
 * Where a live tick goes as a candle: into the candle of its bucket (`current`, the last one drawn),
 * moving its close and widening its high and low; or a new candle opening at the tick's price. A tick
 * older than the last candle is dropped, like `livePoint`.
 */
export function liveCandle(
  current: ChartCandle | undefined,
  interval: BarInterval,
  tick: { readonly price: number; readonly at: number },
): ChartCandle | undefined {
  const time = barStart(tick.at, interval)
  if (current && time < current.time) return undefined
  if (current && time === current.time)
    return {
      time,
      open: current.open,
      high: Math.max(current.high, tick.price),
      low: Math.min(current.low, tick.price),
      close: tick.price,
    }
  return { time, open: tick.price, high: tick.price, low: tick.price, close: tick.price }
}

/** How a chart's price scale, crosshair and last-price label write a price (lightweight-charts' priceFormat). */
export interface ChartPriceFormat {
  readonly type: 'price'
  readonly precision: 2 | 4
  readonly minMove: number
}

// written out: 10 ** -4 is 0.00009999999999999999
const smallestStep = { 2: 0.01, 4: 0.0001 } as const

/**
 * The chart writes prices with the decimals the rest of the app gives them (`priceFractionDigits`): a
 * currency pair at 0.9091 with four, or every label of its scale would read 0.91. The lowest price drawn
 * decides, so a title that crossed 10 in the range keeps the decimals its low needs.
 */
export function chartPriceFormat(bars: readonly Bar[]): ChartPriceFormat {
  const lowest = bars.reduce((low, bar) => Math.min(low, bar.l), Number.POSITIVE_INFINITY)
  const precision = Number.isFinite(lowest) ? priceFractionDigits(lowest) : 2
  return { type: 'price', precision, minMove: smallestStep[precision] }
}
