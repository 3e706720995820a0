import type { Generated, Selectable } from 'kysely'
import type { PollOutcome } from '../../../src/domain/poll-phase'

/** A poll on one title, opened by the scheduler; prices are the title's last price, times epoch ms. */
export interface PollsTable {
  id: Generated<number>
  titleId: number
  /** the price at startTime */
  priceBase: number
  startTime: number
  /** bets are taken until then */
  endTime: number
  /** the price then decides the poll */
  evalTime: number
  createdAt: number
  /** set, with outcome and settledAt, by the one settlement that claims the poll */
  evalPrice: number | null
  outcome: PollOutcome | null
  settledAt: number | null
  /**
   * The poll's results as running totals, added to by each bet in its transaction (0008): players who
   * bet up, flat and down, and hundredths staked. Equal to a count over the poll's votes at every commit.
   */
  betsUp: Generated<number>
  betsFlat: Generated<number>
  betsDown: Generated<number>
  ttcBetTotal: Generated<number>
  /** hundredths staked on each side, added to with the counts (0013): the pot per side */
  ttcBetUp: Generated<number>
  ttcBetFlat: Generated<number>
  ttcBetDown: Generated<number>
}

/**
 * One bet; a player has at most one per poll (unique key poll_id + user_id). When the account is
 * deleted userId becomes null and the row stays: its stake remains in the pot, and a winning share of
 * it goes to the Bank, as the account's balance did.
 */
export interface VotesTable {
  id: Generated<number>
  pollId: number
  userId: number | null
  /** the wallet the stake came from and a payout goes to */
  walletAddress: string
  vote: PollOutcome
  /** hundredths of a TTC, > 0 */
  ttcBet: number
  /** hundredths paid to the wallet at settlement (0 for a lost bet); null until then */
  payout: number | null
  createdAt: number
}

export type PollRow = Selectable<PollsTable>
export type VoteRow = Selectable<VotesTable>
