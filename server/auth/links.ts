import type { Config } from '../config'
import type { UserRow } from '../db/tables/users.table'
import type { LinkSet } from '../mail/templates'
import { signLink } from './signed-links'

/** Reset links die after an hour. */
export const resetLinkLifetimeMs = 3600_000

/** The new address's confirmation waits a day; the old address can take the change back for a week. */
export const emailChangeLinkLifetimeMs = 24 * 3600_000
export const emailTakeBackLifetimeMs = 7 * 24 * 3600_000

function url(config: Config, path: string, query: Record<string, string | number>): string {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
  return `${config.appOrigin}${path}?${params}`
}

function unsubscribeLinks(
  config: Config,
  user: Pick<UserRow, 'id' | 'email'>,
): Pick<LinkSet, 'unsubscribe' | 'unsubscribeOneClick'> {
  const query = {
    userId: user.id,
    email: user.email,
    sgn: signLink(config.secret, { purpose: 'unsubscribe', userId: user.id, email: user.email }),
  }
  return {
    unsubscribe: url(config, '/account/unsubscribe-from-email', query),
    unsubscribeOneClick: url(config, '/v1/mail/unsubscribe', query),
  }
}

export function confirmEmailLinks(config: Config, user: UserRow): LinkSet {
  const sgn = signLink(config.secret, { purpose: 'confirm-email', userId: user.id, email: user.email })
  return {
    action: url(config, '/account/confirm-email', { userId: user.id, email: user.email, sgn }),
    ...unsubscribeLinks(config, user),
  }
}

export function passwordResetLinks(config: Config, user: UserRow, now: number): LinkSet {
  const validUntil = now + resetLinkLifetimeMs
  const sgn = signLink(config.secret, {
    purpose: 'password-reset',
    userId: user.id,
    email: user.email,
    validUntil,
    passwordVersion: user.passwordVersion,
  })
  return {
    action: url(config, '/account/reset-password', { userId: user.id, validUntil, sgn }),
    ...unsubscribeLinks(config, user),
  }
}

/**
 * The page that moves the account to the address `to`: from `from` (the confirmation mailed to a new
 * address), or, without it, back from whatever it is then (the take-back mailed to the address the
 * account left). Neither mail has an unsubscribe link: neither address is the account's while it is read.
 */
export function emailChangeLink(
  config: Config,
  change: { userId: number; to: string; from?: string; validUntil: number },
): string {
  const { userId, from, to, validUntil } = change
  const sgn = signLink(config.secret, {
    purpose: from === undefined ? 'take-back-email' : 'change-email',
    userId,
    email: to,
    replaces: from,
    validUntil,
  })
  const query = { userId, email: to, ...(from === undefined ? {} : { from }), validUntil, sgn }
  return url(config, '/account/change-email', query)
}

/** A mail of the game's news (the daily closeout, important messages): the page it is about, and the way out. */
export function newsLinks(config: Config, user: Pick<UserRow, 'id' | 'email'>, path = '/'): LinkSet {
  return { action: `${config.appOrigin}${path}`, ...unsubscribeLinks(config, user) }
}
