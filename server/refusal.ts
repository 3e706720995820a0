/**
 * Why the server refuses what a player asked, as the game, the accounts and the market say it: a
 * stable code, the text the player reads and, for a refused field, that field's text. None of them
 * knows HTTP: the routes map each code to its status (server/http/refusal-status.ts, exhaustive over
 * this union).
 */
export type RefusalCode =
  // not there, or not the player's to see
  | 'not_found'
  // bad values of one field
  | 'validation_failed'
  | 'insufficient_balance'
  | 'unknown_players'
  | 'group_id_mismatch'
  | 'admin_required'
  // not the player's to do
  | 'not_group_member'
  | 'not_group_admin'
  | 'default_group_locked'
  | 'group_private'
  | 'group_not_selectable'
  // the game's state says no
  | 'already_placed'
  | 'betting_closed'
  | 'market_closed'
  | 'opposite_prediction'
  | 'last_admin'
  | 'event_ended'
  | 'group_limit'
  // accounts: sign-up, sign-in, links sent by mail
  | 'invitation_code_invalid'
  | 'username_taken'
  | 'email_taken'
  | 'oauth_identity_linked'
  | 'invalid_link'
  | 'invalid_credentials'
  | 'confirmation_failed'
  | 'sign_in_throttled'
  | 'email_confirmed'
  | 'account_suspended'
  // invitation links
  | 'invitation_limit_reached'
  | 'group_invitation_forbidden'
  | 'invitation_not_open'
  // the market's data is not there yet
  | 'market_unavailable'

export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** when asking again may be answered (a slow-down's wait) */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'Refusal'
  }
}

/** `what` ('Poll', 'Group') does not exist or is not the player's to see. */
export const notFound = (what: string) => new Refusal('not_found', `${what} not found.`)

/** A refusal of one field's value, the text both the message and the field's. */
export const fieldRefusal = (field: string, message: string, code: RefusalCode = 'validation_failed') =>
  new Refusal(code, message, { [field]: message })
