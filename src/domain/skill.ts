import type { Trend } from './prediction'

/** z of a two-sided 95 % interval: the normal distribution's 97.5 % quantile. */
const z95 = 1.959963984540054

/** Judged predictions needed before a hit rate can show skill: below it, a few lucky calls would do. */
export const skillMinimumJudged = 30
/** The one-sided p-value below which a hit rate is called skill rather than luck. */
export const skillSignificance = 0.05

export interface Interval {
  readonly low: number
  readonly high: number
}

/**
 * Wilson score interval (95 %) of a share: `correct` of `judged`. Unlike the plain p ± z·se it stays in
 * [0, 1] and is not zero-width at 0 or `judged` correct. With nothing judged it is all of [0, 1].
 */
export function wilsonInterval(correct: number, judged: number): Interval {
  if (judged === 0) return { low: 0, high: 1 }
  const share = correct / judged
  const zz = z95 * z95
  const denominator = 1 + zz / judged
  const centre = (share + zz / (2 * judged)) / denominator
  const half = (z95 / denominator) * Math.sqrt((share * (1 - share)) / judged + zz / (4 * judged * judged))
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

/** ln C(n, k), as a sum of logs (exact enough for every n a game holds, and never overflows). */
function logChoose(n: number, k: number): number {
  let log = 0
  for (let j = 1; j <= k; j++) log += Math.log((n - k + j) / j)
  return log
}

/**
 * One-sided binomial p-value against a coin: P(X ≥ correct) for X ~ Binomial(judged, 1/2), the exact
 * tail. Summed in log space (log-sum-exp around the largest term), so neither C(n, k) nor 2^n overflow
 * however many predictions were judged. 1 with nothing judged.
 */
export function binomialTailAgainstHalf(correct: number, judged: number): number {
  if (correct <= 0) return 1
  if (correct > judged) return 0
  // ln C(n, i) for i = correct..n, each from the one before.
  const logTerms: number[] = []
  let logTerm = logChoose(judged, correct)
  for (let i = correct; i <= judged; i++) {
    logTerms.push(logTerm)
    logTerm += Math.log((judged - i) / (i + 1))
  }
  let largest = Number.NEGATIVE_INFINITY
  for (const term of logTerms) largest = Math.max(largest, term)
  let sum = 0
  for (const term of logTerms) sum += Math.exp(term - largest)
  return Math.min(1, Math.exp(largest + Math.log(sum) + judged * Math.log(0.5)))
}

/** One judged prediction as the relative score reads it. */
export interface JudgedCall {
  readonly correct: boolean
  /** the crowd on the same message and title before this call: Up and Down predictions */
  readonly crowdUp: number
  readonly crowdDown: number
  readonly trend: Trend
}

/**
 * The crowd's share on the call's side when it was made. With no crowd yet it is 1/2: nobody had said
 * anything, so the call is neither with nor against anyone.
 */
export function crowdShareOfSide(call: JudgedCall): number {
  const total = call.crowdUp + call.crowdDown
  if (total === 0) return 0.5
  return (call.trend === 'Up' ? call.crowdUp : call.crowdDown) / total
}

/**
 * The relative score against the crowd: the mean over judged calls of (right ? 1 − s : −s), s the
 * crowd's share on the call's side at tagging time. Right against the crowd (s small) earns nearly 1,
 * right with it little; wrong with the crowd costs a lot, wrong against it little. Its expectation is
 * zero for a player right exactly as often as the crowd on their side (hit rate = s): above zero means
 * knowing more than the crowd. Null with nothing judged.
 */
export function relativeScore(calls: readonly JudgedCall[]): number | null {
  if (calls.length === 0) return null
  let total = 0
  for (const call of calls) {
    const share = crowdShareOfSide(call)
    total += call.correct ? 1 - share : -share
  }
  return total / calls.length
}

export interface Skill {
  readonly judged: number
  readonly correct: number
  /** correct / judged; null with nothing judged */
  readonly hitRate: number | null
  readonly interval: Interval
  /** one-sided, against 50 % */
  readonly pValue: number
  /** p < 0.05 over at least 30 judged predictions */
  readonly skillShown: boolean
  readonly relativeScore: number | null
}

/** Whether a record shows skill: enough judged predictions and a p-value below the significance level. */
export function showsSkill(judged: number, pValue: number): boolean {
  return judged >= skillMinimumJudged && pValue < skillSignificance
}

/** A player's skill over their judged predictions. */
export function skillOf(calls: readonly JudgedCall[]): Skill {
  const judged = calls.length
  const correct = calls.filter((call) => call.correct).length
  const pValue = binomialTailAgainstHalf(correct, judged)
  return {
    judged,
    correct,
    hitRate: judged === 0 ? null : correct / judged,
    interval: wilsonInterval(correct, judged),
    pValue,
    skillShown: showsSkill(judged, pValue),
    relativeScore: relativeScore(calls),
  }
}
