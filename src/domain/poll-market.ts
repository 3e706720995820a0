import {
  bankTakesIf,
  type PotsInTtc,
  payoutIfAdded,
  payoutOfPlaced,
  payoutPerTtc,
  sidePotsOf,
} from './parimutuel'
import type { PollOutcome } from './poll-phase'
import { parseWager, type WagerInput, wagerProblem } from './wager'

/** The sides in the order a poll card lists them. */
export const pollSides: readonly PollOutcome[] = ['up', 'flat', 'down']

/** One side of a poll as a market: what is staked on it and what it pays per TTC now. */
export interface SideOdds {
  readonly side: PollOutcome
  /** TTC staked on the side */
  readonly pot: number
  /** TTC a stake of 1 TTC placed now would get back if the side won */
  readonly payoutPerTtc: number
  /** nobody is on the side: if it won now, the Bank would take the pot */
  readonly bankWouldTake: boolean
}

/** Each side's pot and payout per 1 TTC, from the poll's current pot (parimutuel). */
export function sideOdds(results: PotsInTtc): SideOdds[] {
  const pots = sidePotsOf(results)
  return pollSides.map((side) => ({
    side,
    pot: pots[side] / 100,
    payoutPerTtc: payoutPerTtc(pots, side),
    bankWouldTake: bankTakesIf(pots, side) > 0,
  }))
}

/**
 * What the player's bet would pay now if its side won (TTC). `inPot`: the results count the bet
 * already (the server's answer or list); a bet only kept here is not in them yet, so it joins the pot.
 */
export function ownBetPayoutNow(results: PotsInTtc, side: PollOutcome, stakeTtc: number, inPot: boolean) {
  const pots = sidePotsOf(results)
  const stake = Math.round(stakeTtc * 100)
  return (inPot ? payoutOfPlaced(pots, side, stake) : payoutIfAdded(pots, side, stake)) / 100
}

/** A bet the form would place: its side, its stake and what it would pay if the side won (TTC). */
export interface BetPreview {
  readonly side: PollOutcome
  readonly stake: number
  readonly payout: number
}

/**
 * What the bet form's side and wager would pay if placed now and the side won, from the pot as it
 * stands; undefined until they make a bet the game takes (a side, a valid wager within the balance).
 */
export function wagerPayoutPreview(
  results: PotsInTtc,
  side: PollOutcome | undefined,
  wager: WagerInput,
  balance: number,
): BetPreview | undefined {
  const stake = parseWager(wager)
  if (side === undefined || stake === undefined || wagerProblem(wager, balance) !== undefined)
    return undefined
  return { side, stake, payout: ownBetPayoutNow(results, side, stake, false) }
}
