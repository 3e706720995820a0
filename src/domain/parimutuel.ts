import type { PollOutcome } from './poll-phase'

export interface Stake {
  userId: number
  vote: PollOutcome
  /** hundredths of a TTC */
  amount: number
}

export interface Settlement {
  /** userId -> hundredths paid out */
  payouts: Map<number, number>
  /** what the Bank takes: the whole pot when nobody won, else the rounding remainder */
  bank: number
  pot: number
}

/**
 * Parimutuel split: the winners share the whole pot pro rata to their stakes, each share rounded down to
 * a hundredth; the remainders, or the whole pot when nobody won, go to the Bank. Payouts plus the
 * Bank's take always equal the pot.
 */
export function settlePot(stakes: readonly Stake[], outcome: PollOutcome): Settlement {
  const pot = stakes.reduce((sum, s) => sum + s.amount, 0)
  const winners = stakes.filter((s) => s.vote === outcome && s.amount > 0)
  const winningStake = winners.reduce((sum, s) => sum + s.amount, 0)
  const payouts = new Map<number, number>()
  if (winningStake === 0) return { payouts, bank: pot, pot }
  let paid = 0
  for (const w of winners) {
    // BigInt: pot * stake can pass 2^53 for large games.
    const share = Number((BigInt(pot) * BigInt(w.amount)) / BigInt(winningStake))
    payouts.set(w.userId, (payouts.get(w.userId) ?? 0) + share)
    paid += share
  }
  return { payouts, bank: pot - paid, pot }
}

/** A settled poll's side counts and pot, as its results show them. */
export interface PotCounts {
  readonly numUsersBetUp: number
  readonly numUsersBetFlat: number
  readonly numUsersBetDown: number
  /** TTC (or hundredths: only whether it is above 0 matters) */
  readonly totalTtcBet: number
}

const betsOn: Record<PollOutcome, keyof PotCounts> = {
  up: 'numUsersBetUp',
  flat: 'numUsersBetFlat',
  down: 'numUsersBetDown',
}

/**
 * Whether the Bank won a poll (spec §1): it was decided (an outcome), there was a pot, and nobody bet on
 * the outcome, so settlePot gave the Bank all of it. Undecided polls and empty pots: false.
 */
export function bankWonPot(outcome: PollOutcome | null, counts: PotCounts): boolean {
  return outcome !== null && counts.totalTtcBet > 0 && counts[betsOn[outcome]] === 0
}
