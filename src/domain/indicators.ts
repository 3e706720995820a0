/** Technical indicators over a series of closes, oldest first. Pure; shared by server and client. */

/** Simple moving average: the mean of the last `period` values; undefined with fewer values. */
export function sma(values: readonly number[], period: number): number | undefined {
  if (!Number.isInteger(period) || period < 1 || values.length < period) return undefined
  let sum = 0
  for (let i = values.length - period; i < values.length; i += 1) sum += values[i] as number
  return sum / period
}

function rsiFrom(averageGain: number, averageLoss: number): number {
  if (averageLoss === 0) return averageGain === 0 ? 50 : 100
  return 100 - 100 / (1 + averageGain / averageLoss)
}

/**
 * Relative strength index, Wilder's original definition: the first average gain and loss are the
 * simple means of the first `period` changes; after that each average is smoothed as
 * `(previous * (period - 1) + current) / period` (Wilder's smoothing, an EMA with alpha = 1/period).
 * RSI = 100 - 100 / (1 + averageGain / averageLoss); 100 when there were no losses, 50 when the series
 * did not move. One value per close from index `period` on; empty with fewer than period + 1 closes.
 */
export function rsiSeries(closes: readonly number[], period = 14): number[] {
  if (!Number.isInteger(period) || period < 1 || closes.length <= period) return []
  let gain = 0
  let loss = 0
  for (let i = 1; i <= period; i += 1) {
    const change = (closes[i] as number) - (closes[i - 1] as number)
    if (change > 0) gain += change
    else loss -= change
  }
  gain /= period
  loss /= period
  const series = [rsiFrom(gain, loss)]
  for (let i = period + 1; i < closes.length; i += 1) {
    const change = (closes[i] as number) - (closes[i - 1] as number)
    gain = (gain * (period - 1) + Math.max(change, 0)) / period
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period
    series.push(rsiFrom(gain, loss))
  }
  return series
}

/** The latest RSI of the series (see `rsiSeries`); undefined with fewer than period + 1 closes. */
export function rsi(closes: readonly number[], period = 14): number | undefined {
  return rsiSeries(closes, period).at(-1)
}
