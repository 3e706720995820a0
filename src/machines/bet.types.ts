import type { PollResults, VoteValue } from '../api/polls'
import type { WagerInput } from '../domain/wager'

/** A bet as the vote call sends it (spec §3 "Vote"). */
export interface Bet {
  readonly pollId: number
  readonly userId: number
  readonly vote: VoteValue
  /** TTC */
  readonly ttcBet: number
}

/** What the bet form knows when the player bets. */
export interface BetRequest {
  readonly pollId: number
  /** the player; the guest's id -1 sends them to sign in */
  readonly userId: number
  readonly vote: VoteValue
  /** the wager field as typed */
  readonly wager: WagerInput
  /** the player's balance, TTC: the most they can bet */
  readonly balance: number
  /** whether the polls store shows a bet of the player on this poll already @default false */
  readonly alreadyPlaced?: boolean
}

export interface BetContext {
  /** accepted bets in order; the first is being sent */
  readonly queue: readonly Bet[]
}

export type BetEvent = { readonly type: 'bet.place' } & BetRequest

/** What `postVote` is started with. */
export interface PostVoteInput {
  readonly pollId: number
  readonly body: Bet
}

/** The server took the bet: the bet and the poll's results with it in (its pot per side). */
export interface PlacedBet {
  readonly bet: Bet
  readonly results: PollResults
}

/** Why a bet did not go through; the first four are said before anything is sent. */
export type BetRefusalReason = 'signIn' | 'alreadyPlaced' | 'invalidWager' | 'marketClosed' | 'failed'

export interface BetRefusal {
  readonly pollId: number
  readonly reason: BetRefusalReason
  /** what the player is told */
  readonly message: string
  /** refused on the server's answer (true), or at once, before sending (false) */
  readonly sent: boolean
}

/** What the flow says of each bet, to whoever placed it (`actor.on`): it was taken, or why not. */
export type BetEmitted =
  | ({ readonly type: 'bet.answered' } & PlacedBet)
  | ({ readonly type: 'bet.refused' } & BetRefusal)
