/** A prediction's direction; the spec writes it 'Up'/'Down' on tags and 'up'/'down' elsewhere. */
export type Trend = 'Up' | 'Down'

/** Predictions are evaluated this long after they were made. */
export const evaluationDelayMs = 3 * 3600_000

export function normalizeTrend(trend: string): Trend | undefined {
  const lower = trend.toLowerCase()
  return lower === 'up' ? 'Up' : lower === 'down' ? 'Down' : undefined
}

/** Correct when the price moved the predicted way: Up and atPrice below the evaluation price, or Down and above. */
export function isCorrectPrediction(trend: Trend, atPrice: number, evalPrice: number): boolean {
  return trend === 'Up' ? atPrice < evalPrice : atPrice > evalPrice
}

export type PredictionStatus = 'running' | 'completed'

export function predictionStatus(prediction: { evaluatedAt?: number | null }): PredictionStatus {
  return prediction.evaluatedAt == null ? 'running' : 'completed'
}

export function evaluationTimeOf(createdAt: number): number {
  return createdAt + evaluationDelayMs
}

/** The next evaluation: the earliest createdAt among running predictions plus 3 hours; undefined when none runs. */
export function nextEvaluationTime(
  predictions: readonly { createdAt: number; evaluatedAt?: number | null }[],
): number | undefined {
  let earliest: number | undefined
  for (const p of predictions) {
    if (predictionStatus(p) === 'running' && (earliest === undefined || p.createdAt < earliest))
      earliest = p.createdAt
  }
  return earliest === undefined ? undefined : evaluationTimeOf(earliest)
}

export interface ScoredPrediction {
  trend: Trend
  atPrice: number
  evalPrice?: number | null
  rewardFactor: number
}

/**
 * Whether a prediction is (so far) correct: against its evaluation price once evaluated, otherwise
 * against the title's latest tick; undefined when neither price is known.
 */
export function correctness(prediction: ScoredPrediction, latestPrice?: number): boolean | undefined {
  const price = prediction.evalPrice ?? latestPrice
  return price === undefined ? undefined : isCorrectPrediction(prediction.trend, prediction.atPrice, price)
}

/**
 * How a prediction stands: correct or incorrect, or, while it runs, unchanged when the latest price is
 * still its own (no move yet: 'incorrect' then would only mean the market has not moved); undefined
 * when no price is known.
 */
export type PredictionStanding = 'correct' | 'incorrect' | 'unchanged'

export function predictionStanding(
  prediction: ScoredPrediction & { evaluatedAt?: number | null },
  latestPrice?: number,
): PredictionStanding | undefined {
  const running = predictionStatus(prediction) === 'running'
  if (
    running &&
    latestPrice !== undefined &&
    prediction.evalPrice == null &&
    latestPrice === prediction.atPrice
  )
    return 'unchanged'
  const correct = correctness(prediction, latestPrice)
  return correct === undefined ? undefined : correct ? 'correct' : 'incorrect'
}

/** A title's score: the sum of rewardFactor over its correct predictions. */
export function titleScore(predictions: readonly ScoredPrediction[], latestPrice?: number): number {
  return predictions.reduce((sum, p) => (correctness(p, latestPrice) ? sum + p.rewardFactor : sum), 0)
}

/** Spec §5, §9: predictions are kept in local storage for 7 days (by createdAt). */
export const storedPredictionMaxAgeMs = 7 * 24 * 3600_000

/** The predictions still worth storing at `now`: created within the last 7 days. */
export function recentPredictions<P extends { createdAt: number }>(
  predictions: readonly P[],
  now: number,
): P[] {
  return predictions.filter((p) => now - p.createdAt <= storedPredictionMaxAgeMs)
}

/** The spec's key of a prediction: userId_titleId_messageId. */
export function predictionKey(p: { userId: number; titleId: number; messageId: string }): string {
  return `${p.userId}_${p.titleId}_${p.messageId}`
}

/** The status filter of the predictions list. */
export type PredictionFilter = 'all' | PredictionStatus

export function filterPredictions<P extends { evaluatedAt?: number | null }>(
  predictions: readonly P[],
  filter: PredictionFilter,
): P[] {
  return filter === 'all' ? [...predictions] : predictions.filter((p) => predictionStatus(p) === filter)
}
