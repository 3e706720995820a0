import betaQuantile from '@stdlib/stats-base-dists-beta-quantile'
// the prior in a module of its own: the FAQ quotes it without bundling the Beta quantile's library
// (which evaluates code at import, refused by the app's CSP)
import { authorPrior, type BetaPrior } from './author-prior'
import type { Interval } from './skill'

export { authorPrior, type BetaPrior }

/** What the crowd said on one message and title, and how its judged predictions came out. */
export interface MessageSplit {
  /** judged Up and Down predictions */
  readonly up: number
  readonly down: number
  /** of those, the ones that were right */
  readonly upRight: number
  readonly downRight: number
}

/** A message's verdict: whether the crowd's majority direction proved right, or no majority (a tie, none judged). */
export type MessageVerdict = 'right' | 'wrong' | 'undecided'

/**
 * Whether the crowd's majority direction on a message (and title) proved right: the direction most of
 * its judged predictions took, proved right when more than half of those predictions were right by the
 * price (each is judged 3 h after it was made, so this is the price's verdict on the crowd's reading).
 * A tie between Up and Down, or nothing judged, leaves it undecided: it does not count.
 */
export function messageVerdict(split: MessageSplit): MessageVerdict {
  if (split.up === split.down) return 'undecided'
  const [count, right] = split.up > split.down ? [split.up, split.upRight] : [split.down, split.downRight]
  return right * 2 > count ? 'right' : 'wrong'
}

/** The majority direction of a split, or null on a tie. */
export function majorityOf(split: Pick<MessageSplit, 'up' | 'down'>): 'Up' | 'Down' | null {
  if (split.up === split.down) return null
  return split.up > split.down ? 'Up' : 'Down'
}

/** The posterior mean of an author's share of right messages: (α + right) / (α + β + judged). */
export function posteriorMean(right: number, judged: number, prior: BetaPrior = authorPrior): number {
  return (prior.alpha + right) / (prior.alpha + prior.beta + judged)
}

/** The equal-tailed 95 % credible interval of that share: the 2.5 % and 97.5 % quantiles of the posterior Beta. */
export function credibleInterval(right: number, judged: number, prior: BetaPrior = authorPrior): Interval {
  const alpha = prior.alpha + right
  const beta = prior.beta + judged - right
  return { low: betaQuantile(0.025, alpha, beta), high: betaQuantile(0.975, alpha, beta) }
}

export interface AuthorScore {
  readonly author: string
  /** messages with a verdict */
  readonly judged: number
  /** of those, the ones whose crowd majority proved right */
  readonly provedRight: number
  /** posterior mean under `authorPrior` */
  readonly score: number
  readonly interval: Interval
}

/** An author's signal score from their counts. */
export function authorScoreOf(author: string, judged: number, provedRight: number): AuthorScore {
  return {
    author,
    judged,
    provedRight,
    score: posteriorMean(provedRight, judged),
    interval: credibleInterval(provedRight, judged),
  }
}
