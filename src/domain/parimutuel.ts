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
 * A winning stake's share of the pot: pot × stake ÷ everything staked on the winning side, rounded down
 * to a hundredth (all in hundredths); 0 when nothing was staked on that side.
 */
export function shareOfPot(pot: number, winningStake: number, stake: number): number {
  if (winningStake <= 0) return 0
  // BigInt: pot * stake can pass 2^53 for large games.
  return Number((BigInt(pot) * BigInt(stake)) / BigInt(winningStake))
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
    const share = shareOfPot(pot, winningStake, w.amount)
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

/** Hundredths staked on each side of a poll: its pot per side. */
export type SidePots = Readonly<Record<PollOutcome, number>>

export const potOf = (pots: SidePots) => pots.up + pots.flat + pots.down

/** A poll's results as the API sends them: the pot per side in TTC (two decimals). */
export interface PotsInTtc {
  readonly ttcBetUp: number
  readonly ttcBetFlat: number
  readonly ttcBetDown: number
}

/** The pot per side in hundredths, from the results' TTC. */
export function sidePotsOf(results: PotsInTtc): SidePots {
  return {
    up: Math.round(results.ttcBetUp * 100),
    flat: Math.round(results.ttcBetFlat * 100),
    down: Math.round(results.ttcBetDown * 100),
  }
}

/**
 * What a new stake on a side would be paid if that side won and nobody else bet (hundredths): the
 * stake joins the pot and its side, then shares as settlePot shares. On an empty side it takes the
 * whole pot; in an empty pot it gets itself back.
 */
export function payoutIfAdded(pots: SidePots, side: PollOutcome, stake: number): number {
  return shareOfPot(potOf(pots) + stake, pots[side] + stake, stake)
}

/** What a stake already in the pot would be paid now if its side won (hundredths). */
export function payoutOfPlaced(pots: SidePots, side: PollOutcome, stake: number): number {
  return shareOfPot(potOf(pots), pots[side], stake)
}

/** The payout per 1 TTC staked now on a side, in TTC (the market's price of that side). */
export function payoutPerTtc(pots: SidePots, side: PollOutcome): number {
  return payoutIfAdded(pots, side, 100) / 100
}

/** What the Bank would take if the poll ended on a side now: the whole pot when nobody is on it. */
export function bankTakesIf(pots: SidePots, side: PollOutcome): number {
  return pots[side] === 0 ? potOf(pots) : 0
}
