import { usernameSchema } from '../../../src/api/auth'
import { validationTexts } from '../../../src/api/texts'
import type { OAuthProviderName } from '../../config'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/database'
import { confirmEmailMail } from '../../mail/templates'
import { Refusal } from '../../refusal'
import { createAccount } from '../accounts'
import { confirmEmailLinks } from '../links'
import { createSession, type NewSession } from '../sessions.repo'
import { isSuspended, suspendedText } from '../suspension'
import { findUserByEmail, findUserById, findUserByUsername } from '../users.repo'
import type { FlowState } from './flow-state'
import { findOAuthAccount, linkOAuthAccount, type OAuthIdentity } from './oauth-accounts.repo'
import type { ProviderProfile } from './providers'
import { usernameBase, usernameCandidate } from './username'

/** The texts the sign-in page shows in its Error dialog, one per line. */
export const socialSignInTexts = {
  signInFailed: 'Oops! We could not log you in',
  signUpFailed: 'Oops! We could not sign you up',
  invitationRequired: 'Sign-up needs an invitation code.',
  emailInUse: 'An account with this e-mail address exists already. Please sign in with your password.',
  internalError: 'Oops! Something went wrong',
} as const

export type SocialSignInOutcome =
  | { kind: 'signed-in'; session: NewSession; newAccount: boolean }
  | { kind: 'refused'; messages: string[] }

const refused = (...messages: string[]): SocialSignInOutcome => ({ kind: 'refused', messages })

/**
 * Reddit never shares an address and X only a confirmed one: such accounts get a unique address under
 * the reserved .invalid domain (RFC 2606), which no mail can reach and nobody can sign up with.
 */
function placeholderEmail(provider: string, id: string): string {
  return `${provider}.${id.replace(/[^A-Za-z0-9_-]/g, '_')}@users.invalid`
}

const usernameAttempts = 50

async function freeUsername(db: Executor, suggestions: readonly string[], from: number): Promise<string> {
  const base = usernameBase(suggestions)
  for (let attempt = from; attempt < from + usernameAttempts; attempt++) {
    const name = usernameCandidate(base, attempt)
    if (usernameSchema.safeParse(name).success && !(await findUserByUsername(db, name))) return name
  }
  return usernameCandidate(base, 1000 + Math.floor(Math.random() * 9_000_000))
}

async function signUp(
  ctx: AppContext,
  identity: OAuthIdentity,
  profile: ProviderProfile,
  invitationCode: string,
): Promise<SocialSignInOutcome> {
  const email = profile.email ?? placeholderEmail(identity.provider, identity.providerUserId)
  // Two players picking the same free name at once: the loser tries the next one.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const { user, session } = await createAccount(ctx, {
        username: await freeUsername(ctx.db, profile.nameSuggestions, attempt),
        email,
        invitationCode,
        firstName: profile.firstName?.trim().slice(0, 64),
        lastName: profile.lastName?.trim().slice(0, 64),
        passwordHash: null,
        emailConfirmed: profile.email !== null && profile.emailVerified,
        oauthIdentity: identity,
      })
      if (profile.email && !profile.emailVerified) {
        const mail = confirmEmailMail(user.email, user.username, confirmEmailLinks(ctx.config, user))
        ctx.mailer.send(mail).catch((err) => ctx.log.error({ err }, 'confirmation mail could not be sent'))
      }
      return { kind: 'signed-in', session, newAccount: true }
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      if (error.code === 'username_taken') continue
      if (error.code === 'invitation_code_invalid')
        return refused(socialSignInTexts.signUpFailed, validationTexts.invitationCode)
      if (error.code === 'email_taken')
        return refused(socialSignInTexts.signUpFailed, socialSignInTexts.emailInUse)
      return refused(socialSignInTexts.signUpFailed, error.message)
    }
  }
  return refused(socialSignInTexts.signUpFailed, socialSignInTexts.internalError)
}

/**
 * After the provider vouched for the player: sign into the linked account; or link the account with the
 * same provider-verified address; or make a new account when the player brought an invitation code.
 */
export async function completeSocialSignIn(
  ctx: AppContext,
  provider: OAuthProviderName,
  profile: ProviderProfile,
  flow: FlowState,
): Promise<SocialSignInOutcome> {
  const now = ctx.clock.now()
  const identity = { provider, providerUserId: profile.id }

  const linked = await findOAuthAccount(ctx.db, identity)
  const linkedUser = linked && (await findUserById(ctx.db, linked.userId))
  if (linkedUser) {
    if (isSuspended(linkedUser)) return refused(socialSignInTexts.signInFailed, suspendedText)
    return { kind: 'signed-in', session: await createSession(ctx.db, linkedUser.id, now), newAccount: false }
  }

  const sameEmail = profile.email ? await findUserByEmail(ctx.db, profile.email) : undefined
  if (sameEmail) {
    // Linking needs both sides to vouch for the address, or someone who registered a victim's address
    // without confirming it would get the victim's social sign-in into their account.
    if (!profile.emailVerified || sameEmail.emailConfirmedAt === null) {
      return refused(socialSignInTexts.signInFailed, socialSignInTexts.emailInUse)
    }
    if (isSuspended(sameEmail)) return refused(socialSignInTexts.signInFailed, suspendedText)
    await linkOAuthAccount(ctx.db, identity, sameEmail.id, now)
    return { kind: 'signed-in', session: await createSession(ctx.db, sameEmail.id, now), newAccount: false }
  }

  if (!flow.invitationCode)
    return refused(socialSignInTexts.signUpFailed, socialSignInTexts.invitationRequired)
  if (!flow.acceptTerms) return refused(socialSignInTexts.signUpFailed, validationTexts.acceptTerms)
  return signUp(ctx, identity, profile, flow.invitationCode)
}
