import { evaluationTimeOf, predictionStatus, type Trend } from './prediction'
import { nextMarketOpening, type TradingHours } from './trading-hours'

/**
 * Fair play (our product decisions, the spec is silent; FAQ "Fair play"): a player never holds opposite
 * running predictions on one title, one of which would always win; nothing is tagged or bet on a title
 * whose market is closed, whose price cannot move until it opens. The server enforces these rules, the
 * client uses the same functions to disable what the server would refuse.
 */

/** What the rules need to know of a prediction. */
export interface PredictionOnTitle {
  titleId: number
  trend: Trend
  createdAt: number
  /** set once judged; a prediction runs until then */
  evaluatedAt?: number | null
}

export const oppositeTrend = (trend: Trend): Trend => (trend === 'Up' ? 'Down' : 'Up')

/**
 * The running prediction on `titleId` that a new `trend` prediction would oppose, or undefined when there
 * is none. Of several, the one judged last: the opposite direction is refused until then. A second
 * prediction in the same direction is always allowed.
 */
export function opposingRunningPrediction<P extends PredictionOnTitle>(
  predictions: readonly P[],
  titleId: number,
  trend: Trend,
): P | undefined {
  let latest: P | undefined
  for (const prediction of predictions) {
    if (prediction.titleId !== titleId || prediction.trend === trend) continue
    if (predictionStatus(prediction) !== 'running') continue
    if (!latest || prediction.createdAt > latest.createdAt) latest = prediction
  }
  return latest
}

/** Why a prediction would be refused: the title's market is closed, or an opposite prediction runs. */
export type TagRefusal<P extends PredictionOnTitle = PredictionOnTitle> =
  | { reason: 'marketClosed'; opensAt: number }
  | { reason: 'oppositePrediction'; running: P; judgedAt: number }

/**
 * Whether a `trend` prediction on `titleId` at `now` breaks a fair-play rule; the closed market first,
 * since it refuses both directions. `hours` undefined: the market's hours are unknown (never on the server).
 */
export function tagRefusal<P extends PredictionOnTitle>(rules: {
  predictions: readonly P[]
  titleId: number
  trend: Trend
  hours: TradingHours | undefined
  now: number
}): TagRefusal<P> | undefined {
  const opensAt = nextMarketOpening(rules.hours, rules.now)
  if (opensAt !== undefined) return { reason: 'marketClosed', opensAt }
  const running = opposingRunningPrediction(rules.predictions, rules.titleId, rules.trend)
  return running && { reason: 'oppositePrediction', running, judgedAt: evaluationTimeOf(running.createdAt) }
}

/** When the poll's title opens again if its market is closed at `now` (no bet then), else undefined. */
export function betClosedUntil(hours: TradingHours | undefined, now: number): number | undefined {
  return nextMarketOpening(hours, now)
}
