import type { VoteValue } from '../api/polls'
import type { PlacedBet } from './bet.types'

/** A message the bet dialog shows over its fields: a warning or a failure. */
export interface BetDialogAlert {
  readonly kind: 'warning' | 'error'
  readonly message: string
}

/** What is wrong with the wager field: the spec's title and message (§5). */
export interface WagerError {
  /** 'Validation Error' */
  readonly title: string
  readonly message: string
}

export interface BetDialogContext {
  /** the poll the dialog is open for */
  readonly pollId?: number
  /** the chosen side; none until the player picks one */
  readonly vote?: VoteValue
  /** the wager field as typed */
  readonly wager: string
  readonly voteError?: string
  readonly wagerError?: WagerError
  readonly alert?: BetDialogAlert
  /** the server's answer to the bet: what it is and what it would pay now (the 'placed' state) */
  readonly placed?: PlacedBet
}

/** What the player's bet is checked against when they submit it. */
export interface BetSubmission {
  /** the player; the guest's -1 is sent to sign in by the bet flow */
  readonly userId: number
  /** TTC: the most they can bet */
  readonly balance: number
}

export type BetDialogEvent =
  | { readonly type: 'betDialog.open'; readonly pollId: number }
  | { readonly type: 'betDialog.close' }
  | { readonly type: 'betDialog.voteChosen'; readonly vote: VoteValue }
  | { readonly type: 'betDialog.wagerChanged'; readonly wager: string }
  | ({ readonly type: 'betDialog.submit' } & BetSubmission)

/** What `sendBet` is started with: a bet that passed the dialog's checks. */
export interface SendBetInput {
  readonly pollId: number
  readonly userId: number
  readonly vote: VoteValue
  readonly wager: string
  readonly balance: number
}
