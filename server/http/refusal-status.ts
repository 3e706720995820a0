import type { RefusalCode } from '../refusal'

/**
 * The HTTP status of each refusal (server/refusal.ts). A Record over the union: a new
 * code without its status does not compile.
 */
export const refusalStatus: Record<RefusalCode, number> = {
  not_found: 404,
  validation_failed: 400,
  insufficient_balance: 400,
  unknown_players: 400,
  group_id_mismatch: 400,
  admin_required: 400,
  not_group_member: 403,
  not_group_admin: 403,
  default_group_locked: 403,
  group_private: 403,
  group_not_selectable: 403,
  already_placed: 409,
  betting_closed: 409,
  market_closed: 409,
  opposite_prediction: 409,
  last_admin: 409,
  event_ended: 409,
  group_limit: 409,
  invitation_code_invalid: 400,
  username_taken: 409,
  email_taken: 409,
  oauth_identity_linked: 409,
  email_confirmed: 409,
  invalid_link: 400,
  invalid_credentials: 401,
  confirmation_failed: 403,
  account_suspended: 403,
  sign_in_throttled: 429,
  invitation_limit_reached: 409,
  group_invitation_forbidden: 403,
  invitation_not_open: 409,
  market_unavailable: 503,
}
