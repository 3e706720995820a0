/** A Beta(α, β) prior of a share. */
export interface BetaPrior {
  readonly alpha: number
  readonly beta: number
}

/**
 * The prior of an author's signal score: Beta(5, 5), as if every author had already written ten judged
 * messages, half of them right. Weakly informative on purpose: centred on a coin (most stream messages
 * carry no edge), wide enough that about fifty judged messages decide the score, and strong enough that
 * two lucky calls give 7/12 (58 %), not 100 %, so a new author does not top the leaderboard.
 */
export const authorPrior: BetaPrior = { alpha: 5, beta: 5 }
