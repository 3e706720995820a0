import { formatTtc } from '../domain/number-format'
import { type BetResult, type PredictionResult, predictionTally } from '../domain/results'
import { titleLabel } from '../domain/title-label'
import type { Notice } from './notices'

/** A title's name, or undefined while the titles load. */
export type TitleName = (titleId: number) => string | undefined

const nameOf = (titleName: TitleName, titleId: number) => titleLabel(titleId, titleName(titleId))

/** Results stay a little longer than other notices: they are news the player waited hours for. */
const resultTimeoutMs = 10_000

/**
 * Judged predictions as one notice: 'Apple: your Up call was right' (+0.85 TTC) for one, '5 predictions
 * judged: 3 right, 2 wrong' (+2.40 TTC) for several. Keyed, so a later batch replaces it.
 */
export function predictionResultsNotice(results: readonly PredictionResult[], titleName: TitleName): Notice {
  const { right, wrong, won } = predictionTally(results)
  const [only] = results
  const message =
    results.length === 1 && only
      ? `${nameOf(titleName, only.titleId)}: your ${only.trend} call was ${only.correct ? 'right' : 'wrong'}`
      : `${results.length} predictions judged: ${right} right, ${wrong} wrong`
  return {
    kind: right > 0 ? 'positive' : 'info',
    message,
    caption: won > 0 ? `You won ${formatTtc(won, true)}` : 'No reward this time',
    timeoutMs: resultTimeoutMs,
    key: 'prediction_results',
  }
}

const sideNames = { up: 'Up', flat: 'Flat', down: 'Down' } as const

/** A settled bet: 'Apple poll: Up won' and what the player's bet paid or cost. */
export function betResultNotice(result: BetResult, titleName: TitleName): Notice {
  const won = result.payout > 0
  return {
    kind: won ? 'positive' : 'info',
    message: `${nameOf(titleName, result.titleId)} poll: ${sideNames[result.outcome]} won`,
    caption: won
      ? `Your ${sideNames[result.vote]} bet paid ${formatTtc(result.payout, true)}`
      : `Your ${sideNames[result.vote]} bet of ${formatTtc(result.stake)} was lost`,
    timeoutMs: resultTimeoutMs,
    key: `poll_result_${result.pollId}`,
  }
}
