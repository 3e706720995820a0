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
