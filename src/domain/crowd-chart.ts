import { crowdRangeMaxMs } from '../api/crowd'
import type { Bar, BarInterval } from '../api/market'
import { barStart } from './chart-series'
import { isCorrectPrediction } from './prediction'

/** One hour's predictions on a title: how many said Up and how many Down. */
export interface CrowdCount {
  /** the hour's start, epoch milliseconds */
  readonly hour: number
  readonly up: number
  readonly down: number
}

/** Who had the majority of a bar's predictions. */
export type Majority = 'Up' | 'Down' | 'even'

/** A bar of the crowd histogram: the Up share less one half, so more Up stands up, more Down hangs down. */
export interface CrowdBar {
  /** the bar's start, epoch seconds (the chart's time) */
  readonly time: number
  /** up / (up + down) − 0.5, in [−0.5, 0.5] */
  readonly value: number
  readonly majority: Majority
  readonly up: number
  readonly down: number
}

const hourSeconds = 3600

/**
 * The crowd's split as histogram bars on the chart's time grid: per hour on intraday charts (an hour
 * starts a 1m, 5m or 30m bar), summed into the day or week on daily and weekly charts, since a bar of
 * its own per hour would add times the price series does not have. Empty hours are left out; bars in
 * time order, as the chart wants them.
 */
export function crowdBars(counts: readonly CrowdCount[], interval: BarInterval): CrowdBar[] {
  const summed = new Map<number, { up: number; down: number }>()
  for (const count of counts) {
    const daily = interval === '1d' || interval === '1w'
    const hour = Math.floor(count.hour / 1000 / hourSeconds) * hourSeconds
    const time = daily ? barStart(count.hour, interval) : hour
    const bucket = summed.get(time) ?? { up: 0, down: 0 }
    summed.set(time, { up: bucket.up + count.up, down: bucket.down + count.down })
  }
  return [...summed]
    .filter(([, bucket]) => bucket.up + bucket.down > 0)
    .sort(([a], [b]) => a - b)
    .map(([time, { up, down }]) => ({
      time,
      value: up / (up + down) - 0.5,
      majority: up > down ? 'Up' : down > up ? 'Down' : 'even',
      up,
      down,
    }))
}

/** A judged prediction of the player's, as the predictions store holds it. */
export interface JudgedPrediction {
  readonly trend: 'Up' | 'Down'
  readonly atPrice: number
  readonly createdAt: number
  readonly evalPrice?: number | null
  readonly evaluatedAt?: number | null
}

/** A series marker (lightweight-charts' shape): where the player predicted, and whether it proved right. */
export interface PredictionMarker {
  /** the bar the prediction was made in, epoch seconds */
  readonly time: number
  readonly position: 'aboveBar' | 'belowBar'
  readonly shape: 'arrowUp' | 'arrowDown'
  readonly color: string
  readonly text: 'right' | 'wrong'
}

/**
 * The player's judged predictions as markers on the bars they were made in (from `firstBar` on, the
 * chart's start; running ones have no verdict yet): Up below the bar pointing up, Down above pointing
 * down, coloured right or wrong. In time order, as the chart wants them.
 */
export function predictionMarkers(
  predictions: readonly JudgedPrediction[],
  interval: BarInterval,
  firstBar: number,
  colours: { readonly right: string; readonly wrong: string },
): PredictionMarker[] {
  return predictions
    .flatMap((prediction) => {
      if (prediction.evalPrice == null || prediction.evaluatedAt == null) return []
      const time = barStart(prediction.createdAt, interval)
      if (time < firstBar) return []
      const right = isCorrectPrediction(prediction.trend, prediction.atPrice, prediction.evalPrice)
      const up = prediction.trend === 'Up'
      return [
        {
          time,
          position: up ? 'belowBar' : 'aboveBar',
          shape: up ? 'arrowUp' : 'arrowDown',
          color: right ? colours.right : colours.wrong,
          text: right ? 'right' : 'wrong',
        } as const,
      ]
    })
    .sort((a, b) => a.time - b.time)
}

const intervalMs: Record<BarInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '30m': 1_800_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
}

/**
 * The span (epoch ms, `to` excluded) whose crowd a chart shows: from its first bar to the end of its
 * last, the last year of it at most (the crowd route's limit). Undefined for a chart without bars.
 */
export function crowdSpan(
  bars: readonly Bar[],
  interval: BarInterval,
): { readonly from: number; readonly to: number } | undefined {
  const first = bars[0]
  const last = bars.at(-1)
  if (!first || !last) return undefined
  const to = last.t * 1000 + intervalMs[interval]
  return { from: Math.max(first.t * 1000, to - crowdRangeMaxMs), to }
}
