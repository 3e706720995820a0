import { constantTimeEqual, hmac } from './tokens'

export type LinkPurpose =
  | 'confirm-email'
  | 'unsubscribe'
  | 'password-reset'
  | 'change-email'
  | 'take-back-email'

/** What a link's signature covers. */
export interface LinkClaims {
  purpose: LinkPurpose
  userId: number
  email: string
  /** epoch ms; confirm and unsubscribe links do not expire */
  validUntil?: number
  /** the account's password version: a reset link dies with the password it was made for */
  passwordVersion?: number
  /** a change-email link: the address the account has now, which `email` replaces */
  replaces?: string
}

function message(claims: LinkClaims): string {
  return [
    'alpha-link-v1',
    claims.purpose,
    claims.userId,
    claims.email.toLowerCase(),
    claims.validUntil ?? '',
    claims.passwordVersion ?? '',
    // only a change-email link has it: the other links' signatures stay as they were mailed
    ...(claims.replaces === undefined ? [] : [claims.replaces.toLowerCase()]),
  ].join('\n')
}

export function signLink(key: Buffer, claims: LinkClaims): string {
  return hmac(key, message(claims))
}

export function verifyLink(key: Buffer, claims: LinkClaims, sgn: string): boolean {
  return constantTimeEqual(signLink(key, claims), sgn)
}
