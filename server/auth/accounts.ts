import type { z } from 'zod'
import type {
  changePasswordBodySchema,
  deleteAccountBodySchema,
  emailLinkBodySchema,
  passwordResetBodySchema,
  signUpBodySchema,
} from '../../src/api/auth'
import { mergeSettings } from '../../src/api/settings'
import { validationTexts } from '../../src/api/texts'
import { signUpGrantHundredths } from '../../src/domain/grants'
import { friendJoinedNews, groupHandedOverNews } from '../../src/domain/important-messages'
import type { AppContext } from '../context'
import type { UserRow } from '../db/tables/users.table'
import { recountMessagesOf } from '../game/author-scores'
import { removeAvatars } from '../game/avatar-files'
import { announceGroupMembers } from '../game/group-changes'
import { handOverGroupsOf } from '../game/group-members'
import { joinDefaultGroup, joinInvitedGroup } from '../game/groups.repo'
import { tellImportantMessage } from '../game/important-messages'
import { bankAddress, createWallet, post, walletsOf } from '../game/ledger'
import { confirmEmailMail, passwordChangedMail, passwordResetMail } from '../mail/templates'
import { fieldRefusal, Refusal } from '../refusal'
import {
  codesPerPlayer,
  createInvitationCodes,
  invitationOf,
  isInvitationCodeRedeemable,
  redeemInvitationCode,
} from './invitations.repo'
import { confirmEmailLinks, passwordResetLinks } from './links'
import { moveNamesVersion } from './names-version'
import { linkOAuthAccount, type OAuthIdentity } from './oauth/oauth-accounts.repo'
import { passwordFailureKey, throttledPasswordCheck } from './password-throttle'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords'
import { invitationLifetimeMs } from './player-invitations'
import { createSession, deleteUserSessions, type NewSession } from './sessions.repo'
import { settingsOf, settingsUpdate } from './settings'
import { clearSignInFailures } from './sign-in-failures.repo'
import { verifyLink } from './signed-links'
import { refuseIfSuspended } from './suspension'
import { findUserByEmail, findUserById, findUserByLogin, findUserByUsername, insertUser } from './users.repo'

const invalidCode = () =>
  fieldRefusal('invitationCode', validationTexts.invitationCode, 'invitation_code_invalid')
const usernameTaken = () => fieldRefusal('username', 'This username is already taken.', 'username_taken')
export const emailTaken = () =>
  fieldRefusal('email', 'An account with this e-mail address exists already.', 'email_taken')
const identityLinked = () =>
  new Refusal('oauth_identity_linked', 'This social account belongs to another player already.')
export const invalidLink = () => new Refusal('invalid_link', 'This link is invalid or has expired.')

export function isUniqueViolation(error: unknown): error is Error {
  const e = error as { code?: string; message?: string }
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  )
}

export interface NewAccount {
  /** name, e-mail and the validated invitation code */
  username: string
  email: string
  invitationCode: string
  firstName?: string | null
  lastName?: string | null
  /** null for accounts made by social sign-in */
  passwordHash: string | null
  emailConfirmed: boolean
  /** the social sign-in identity the account is made for; linked in the same transaction */
  oauthIdentity?: OAuthIdentity
}

/**
 * Creates the account, its wallet with the sign-up grant, its own invitation codes and a session, all in
 * one transaction: a taken name or a spent code leaves nothing behind. A code made for a group makes the
 * new player an active member of it in the same transaction, and their sessions play in it.
 */
export async function createAccount(
  ctx: AppContext,
  account: NewAccount,
): Promise<{ user: UserRow; session: NewSession }> {
  const now = ctx.clock.now()
  try {
    const { user, invitation } = await ctx.db.transaction().execute(async (tx) => {
      if (!(await isInvitationCodeRedeemable(tx, account.invitationCode, now))) throw invalidCode()
      if (await findUserByUsername(tx, account.username)) throw usernameTaken()
      if (await findUserByEmail(tx, account.email)) throw emailTaken()
      const invitation = await invitationOf(tx, account.invitationCode)
      const invitedTo = invitation?.groupId ?? null
      const id = await insertUser(tx, {
        username: account.username,
        usernameKey: account.username.toLowerCase(),
        email: account.email,
        emailKey: account.email.toLowerCase(),
        emailConfirmedAt: account.emailConfirmed ? now : null,
        emailOptOut: 0,
        firstName: account.firstName || null,
        lastName: account.lastName || null,
        passwordHash: account.passwordHash,
        passwordVersion: 0,
        settings: '{}',
        createdAt: now,
        // a friend invited into a group starts playing there, with the friends who invited them
        lastActiveGroupId: invitedTo,
      })
      if (!(await redeemInvitationCode(tx, account.invitationCode, id, now))) throw invalidCode()
      if (account.oauthIdentity && !(await linkOAuthAccount(tx, account.oauthIdentity, id, now)))
        throw identityLinked()
      await joinDefaultGroup(tx, id, now)
      if (invitedTo !== null) await joinInvitedGroup(tx, invitedTo, id, now)
      const address = await createWallet(tx, id, now)
      await post(tx, { address, type: 'grant', amount: signUpGrantHundredths, reference: 'signup', now })
      await createInvitationCodes(tx, {
        count: Math.min(codesPerPlayer, ctx.config.invitesOpenPerPlayer),
        ownerId: id,
        now,
        lifetimeMs: invitationLifetimeMs(ctx),
      })
      const row = await findUserById(tx, id)
      if (!row) throw new Error('inserted user vanished')
      return { user: row, invitation }
    })
    ctx.metrics.gameActions.inc({ action: 'signup' })
    // the group's members (the inviter among them) see the new player in their lists
    if (invitation?.groupId != null) await announceGroupMembers(ctx, invitation.groupId)
    // the inviter hears who joined (an important message), in the background: the sign-up does not wait
    if (invitation?.ownerId != null)
      void tellImportantMessage(
        ctx,
        invitation.ownerId,
        friendJoinedNews({ friend: user.username, groupName: invitation.groupName }),
      )
    const session = await createSession(ctx.db, user.id, now)
    return { user, session }
  } catch (error) {
    // Two sign-ups racing for one name on PostgreSQL: the unique index decides.
    if (isUniqueViolation(error)) throw /email/.test(error.message) ? emailTaken() : usernameTaken()
    throw error
  }
}

export async function signUp(ctx: AppContext, body: z.output<typeof signUpBodySchema>) {
  const passwordHash = await hashPassword(body.password, ctx.config.scryptLogN)
  const result = await createAccount(ctx, { ...body, passwordHash, emailConfirmed: false })
  sendInBackground(
    ctx,
    confirmEmailMail(result.user.email, result.user.username, confirmEmailLinks(ctx.config, result.user)),
  )
  return result
}

/**
 * A new confirmation link for a signed-in player whose address is not confirmed yet: the first mail may
 * be lost, and mail from the game (the closeout, important messages) waits for the confirmation.
 */
export function resendConfirmation(ctx: AppContext, user: UserRow): void {
  if (user.emailConfirmedAt !== null)
    throw new Refusal('email_confirmed', 'Your e-mail address is confirmed already.')
  sendInBackground(ctx, confirmEmailMail(user.email, user.username, confirmEmailLinks(ctx.config, user)))
}

export function sendInBackground(ctx: AppContext, mail: Parameters<AppContext['mailer']['send']>[0]): void {
  ctx.mailer.send(mail).catch((err) => ctx.log.error({ err, to: mail.to }, 'mail could not be sent'))
}

export async function signIn(ctx: AppContext, login: string, password: string) {
  const user = await findUserByLogin(ctx.db, login)
  const ok = await throttledPasswordCheck(ctx, passwordFailureKey(user, login), () =>
    user?.passwordHash
      ? verifyPassword(password, user.passwordHash)
      : verifyAgainstDummy(password, ctx.config.scryptLogN),
  )
  if (!user || !ok) throw new Refusal('invalid_credentials', 'Wrong username, e-mail or password.')
  refuseIfSuspended(user)
  return { user, session: await createSession(ctx.db, user.id, ctx.clock.now()) }
}

/** Answers the same whether or not the address has an account; the mail goes out in the background. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email)
  if (user)
    sendInBackground(
      ctx,
      passwordResetMail(user.email, user.username, passwordResetLinks(ctx.config, user, ctx.clock.now())),
    )
}

export async function resetPassword(
  ctx: AppContext,
  body: z.output<typeof passwordResetBodySchema>,
): Promise<UserRow> {
  const now = ctx.clock.now()
  const user = await findUserById(ctx.db, body.userId)
  if (!user || body.validUntil <= now) throw invalidLink()
  const claims = {
    purpose: 'password-reset' as const,
    userId: user.id,
    email: user.email,
    validUntil: body.validUntil,
    passwordVersion: user.passwordVersion,
  }
  if (!verifyLink(ctx.config.secret, claims, body.sgn)) throw invalidLink()
  const passwordHash = await hashPassword(body.password, ctx.config.scryptLogN)
  await ctx.db.transaction().execute(async (tx) => {
    // Conditional on the version the link signed: two uses of one link cannot both win.
    const updated = await tx
      .updateTable('users')
      .set({ passwordHash, passwordVersion: user.passwordVersion + 1 })
      .where('id', '=', user.id)
      .where('passwordVersion', '=', user.passwordVersion)
      .executeTakeFirst()
    if (updated.numUpdatedRows !== 1n) throw invalidLink()
    await deleteUserSessions(tx, user.id)
    await clearSignInFailures(tx, passwordFailureKey(user, user.username))
  })
  ctx.events.emit('sessions-ended', user.id)
  tellPasswordChanged(ctx, { ...user, passwordHash, passwordVersion: user.passwordVersion + 1 })
  return user
}

async function userOfEmailLink(
  ctx: AppContext,
  purpose: 'confirm-email' | 'unsubscribe',
  body: z.output<typeof emailLinkBodySchema>,
) {
  const user = await findUserById(ctx.db, body.userId)
  if (!user || user.emailKey !== body.email.toLowerCase()) throw invalidLink()
  if (!verifyLink(ctx.config.secret, { purpose, userId: user.id, email: user.email }, body.sgn))
    throw invalidLink()
  return user
}

export async function confirmEmail(
  ctx: AppContext,
  body: z.output<typeof emailLinkBodySchema>,
): Promise<void> {
  const user = await userOfEmailLink(ctx, 'confirm-email', body)
  if (user.emailConfirmedAt === null) {
    await ctx.db
      .updateTable('users')
      .set({ emailConfirmedAt: ctx.clock.now() })
      .where('id', '=', user.id)
      .execute()
  }
}

/** Stops every e-mail to the address: the opt-out flag and the e-mail channels of the settings. */
export async function unsubscribe(
  ctx: AppContext,
  body: z.output<typeof emailLinkBodySchema>,
): Promise<void> {
  const user = await userOfEmailLink(ctx, 'unsubscribe', body)
  const next = mergeSettings(settingsOf(user), {
    notifications: { importantMessages: { email: false }, dailyCloseout: { email: false } },
  })
  await ctx.db
    .updateTable('users')
    .set({ emailOptOut: 1, ...settingsUpdate(user, next, ctx.clock.now(), ctx.config.timeZone) })
    .where('id', '=', user.id)
    .execute()
}

/** Whether the player typed their password (or, for an account without one, their username). */
export function confirmedByPassword(ctx: AppContext, user: UserRow, typed: string): Promise<boolean> {
  return throttledPasswordCheck(ctx, passwordFailureKey(user, user.username), async () =>
    user.passwordHash ? verifyPassword(typed, user.passwordHash) : typed === user.username,
  )
}

/**
 * Changes the password of a signed-in player who confirmed the current one (under the sign-in's
 * per-account slow-down). Every other session of the account ends, so a device someone else holds is
 * signed out, and reset links sent before stop working (the password version); this one stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  signedIn: { user: UserRow; sessionIdHash: string },
  body: z.output<typeof changePasswordBodySchema>,
): Promise<void> {
  const { user } = signedIn
  if (!(await confirmedByPassword(ctx, user, body.currentPassword)))
    throw fieldRefusal('currentPassword', 'The password is not correct.', 'confirmation_failed')
  const passwordHash = await hashPassword(body.password, ctx.config.scryptLogN)
  const changed = await ctx.db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('users')
      // counted up in the statement: every link signed before stops working, whatever ran meanwhile
      .set((eb) => ({ passwordHash, passwordVersion: eb('passwordVersion', '+', 1) }))
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await deleteUserSessions(tx, user.id, { except: signedIn.sessionIdHash })
    return row
  })
  ctx.events.emit('sessions-ended', user.id)
  tellPasswordChanged(ctx, changed)
}

/** Mails the notice of a changed password, with a reset link signed for the new password's version. */
function tellPasswordChanged(ctx: AppContext, changed: UserRow): void {
  sendInBackground(
    ctx,
    passwordChangedMail(
      changed.email,
      changed.username,
      passwordResetLinks(ctx.config, changed, ctx.clock.now()),
    ),
  )
}

/**
 * Deletes the account after the password (or, without one, the username) is confirmed, under the same
 * per-account slow-down as sign-in. Its balance goes to the Bank through the ledger, so the money in the
 * game still adds up; the ledger keeps the wallet.
 */
export async function deleteAccount(
  ctx: AppContext,
  user: UserRow,
  body: z.output<typeof deleteAccountBodySchema>,
): Promise<void> {
  const confirmed = await confirmedByPassword(ctx, user, body.password)
  if (!confirmed) throw fieldRefusal('password', 'The password is not correct.', 'confirmation_failed')
  const now = ctx.clock.now()
  let groupIds: number[] = []
  const handedOver = await ctx.db.transaction().execute(async (tx) => {
    groupIds = (
      await tx.selectFrom('groupMembers').select('groupId').where('userId', '=', user.id).execute()
    ).map((row) => row.groupId)
    // First: an unpaid prize of a group deleted here goes back to this wallet, which is swept next.
    const groups = await handOverGroupsOf(tx, user.id, now)
    for (const wallet of await walletsOf(tx, user.id)) {
      if (wallet.balance > 0) {
        await post(tx, {
          address: wallet.address,
          type: 'payment',
          amount: -wallet.balance,
          reference: 'account-deleted',
          now,
        })
        await post(tx, {
          address: bankAddress,
          type: 'payment',
          amount: wallet.balance,
          reference: `account-deleted:${wallet.address}`,
          now,
        })
      }
    }
    // its predictions go with it: the author scores count the messages they were on again
    await recountMessagesOf(tx, user.id)
    await tx.deleteFrom('users').where('id', '=', user.id).execute()
    // the rankings and activity streams that named the player drop them at their next read
    await moveNamesVersion(tx)
    return groups
  })
  await removeAvatars(ctx.config.dataDir, handedOver.unusedAvatars, ctx.log)
  // in the background: the answer does not wait for mails and pushes
  for (const { userId, groupName } of handedOver.newAdmins)
    void tellImportantMessage(ctx, userId, groupHandedOverNews({ groupName }))
  ctx.events.emit('sessions-ended', user.id)
  // the groups the player was in lose a member (or an admin, or are gone): their members see it
  for (const groupId of groupIds) await announceGroupMembers(ctx, groupId)
}
