import type { PollOutcome } from './poll-phase'
import { isCorrectPrediction, predictionKey, predictionStatus, type Trend } from './prediction'

/** A prediction as the results need it (the tagged-messages store's, the server's). */
export interface JudgeablePrediction {
  readonly userId: number
  readonly titleId: number
  readonly messageId: string
  readonly trend: Trend
  readonly atPrice: number
  readonly evalPrice?: number
  readonly evaluatedAt?: number
  readonly rewardFactor: number
}

/** One prediction the server judged: right or wrong, and what it paid (TTC). */
export interface PredictionResult {
  readonly titleId: number
  readonly trend: Trend
  readonly correct: boolean
  readonly reward: number
}

/** A credit is paid in hundredths, rounded as the server rounds it. */
const toHundredths = (ttc: number) => Math.round(ttc * 100) / 100

/**
 * The predictions running in `before` and judged in `after`: the results a player has not been told of
 * (after a refresh, or since the last visit when `before` is what the device kept).
 */
export function newlyJudged(
  before: readonly JudgeablePrediction[],
  after: readonly JudgeablePrediction[],
): PredictionResult[] {
  const running = new Set(before.filter((p) => predictionStatus(p) === 'running').map(predictionKey))
  return after.flatMap((p) => {
    if (!running.has(predictionKey(p)) || predictionStatus(p) !== 'completed' || p.evalPrice === undefined)
      return []
    const correct = isCorrectPrediction(p.trend, p.atPrice, p.evalPrice)
    return [
      { titleId: p.titleId, trend: p.trend, correct, reward: correct ? toHundredths(p.rewardFactor) : 0 },
    ]
  })
}

/** A poll as the results need it: its title, outcome and the player's own bet with its payout. */
export interface BetPoll {
  readonly pollId: number
  readonly titleId: number
  readonly outcome: PollOutcome | null
  readonly votes: readonly {
    readonly vote: PollOutcome
    readonly ttcBet: number
    readonly payout: number | null
  }[]
}

/** The player's bet on a poll the server settled: what they chose, what it paid. */
export interface BetResult {
  readonly pollId: number
  readonly titleId: number
  readonly vote: PollOutcome
  readonly outcome: PollOutcome
  readonly stake: number
  readonly payout: number
}

/** The player's bets whose payout was unknown in `before` and is known in `after`. */
export function newlySettled(before: readonly BetPoll[], after: readonly BetPoll[]): BetResult[] {
  const unpaid = new Set(
    before.filter((poll) => poll.votes.some((vote) => vote.payout === null)).map((poll) => poll.pollId),
  )
  return after.flatMap((poll) => {
    const bet = poll.votes[0]
    if (!unpaid.has(poll.pollId) || !bet || bet.payout === null || poll.outcome === null) return []
    return [
      {
        pollId: poll.pollId,
        titleId: poll.titleId,
        vote: bet.vote,
        outcome: poll.outcome,
        stake: bet.ttcBet,
        payout: bet.payout,
      },
    ]
  })
}

/** Judged predictions added up: how many were right and wrong, and the TTC they paid. */
export function predictionTally(results: readonly PredictionResult[]) {
  const right = results.filter((result) => result.correct).length
  const won = toHundredths(results.reduce((sum, result) => sum + result.reward, 0))
  return { right, wrong: results.length - right, won }
}
