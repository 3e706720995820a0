import type { z } from 'zod'
import type { changeEmailBodySchema, EmailChangeLink } from '../../src/api/auth'
import type { AppContext } from '../context'
import type { UserRow } from '../db/tables/users.table'
import { emailChangedMail, emailChangeMail } from '../mail/templates'
import { fieldRefusal } from '../refusal'
import { confirmedByPassword, emailTaken, invalidLink, isUniqueViolation, sendInBackground } from './accounts'
import { emailChangeLink, emailChangeLinkLifetimeMs, emailTakeBackLifetimeMs } from './links'
import { deleteUserSessions } from './sessions.repo'
import { verifyLink } from './signed-links'
import { findUserByEmail, findUserById } from './users.repo'

/**
 * Settings' e-mail change, asked with the password (or, without one, the username) under the sign-in's
 * per-account slow-down: the new address gets a link that makes the change. Nothing changes before, so
 * a mistyped address costs nothing and mail keeps going to the address the player reads.
 */
export async function askEmailChange(
  ctx: AppContext,
  user: UserRow,
  body: z.output<typeof changeEmailBodySchema>,
): Promise<void> {
  // the password first: without it, the answers tell nothing of which addresses have accounts
  if (!(await confirmedByPassword(ctx, user, body.password)))
    throw fieldRefusal('password', 'The password is not correct.', 'confirmation_failed')
  if (body.email.toLowerCase() === user.emailKey)
    throw fieldRefusal('email', 'This is your e-mail address already.')
  if (await findUserByEmail(ctx.db, body.email)) throw emailTaken()
  const link = emailChangeLink(ctx.config, {
    userId: user.id,
    from: user.email,
    to: body.email,
    validUntil: ctx.clock.now() + emailChangeLinkLifetimeMs,
  })
  sendInBackground(ctx, emailChangeMail(body.email, user.username, link))
}

/**
 * Opens a link of an e-mail change (`emailChangeLink`): the account moves to the link's `email`, which
 * counts as confirmed (the link was read there).
 * - A confirmation (it names `from`) works while the account's address is `from`, so once. The address
 *   it left hears of it, with a take-back link for a week.
 * - A take-back (no `from`) moves the account back whatever its address is now, so a second change does
 *   not shut the owner out, and signs every device out: whoever changed it is signed in somewhere.
 */
export async function changeEmail(ctx: AppContext, link: EmailChangeLink): Promise<void> {
  const now = ctx.clock.now()
  const user = await findUserById(ctx.db, link.userId)
  const takeBack = link.from === undefined
  if (!user || link.validUntil <= now) throw invalidLink()
  if (!takeBack && user.emailKey !== link.from?.toLowerCase()) throw invalidLink()
  const claims = {
    purpose: takeBack ? ('take-back-email' as const) : ('change-email' as const),
    userId: user.id,
    email: link.email,
    replaces: link.from,
    validUntil: link.validUntil,
  }
  if (!verifyLink(ctx.config.secret, claims, link.sgn)) throw invalidLink()
  // taken back already: nothing to do, and nobody to sign out again
  if (takeBack && user.emailKey === link.email.toLowerCase()) return
  try {
    await ctx.db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('users')
        .set({ email: link.email, emailKey: link.email.toLowerCase(), emailConfirmedAt: now })
        .where('id', '=', user.id)
        // conditional on the address read above: two uses of one link cannot both win
        .where('emailKey', '=', user.emailKey)
        .executeTakeFirst()
      if (updated.numUpdatedRows !== 1n) throw invalidLink()
      if (takeBack) await deleteUserSessions(tx, user.id)
    })
  } catch (error) {
    // another account took the address since the link was mailed
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
  if (takeBack) {
    ctx.events.emit('sessions-ended', user.id)
    return
  }
  const back = emailChangeLink(ctx.config, {
    userId: user.id,
    to: user.email,
    validUntil: now + emailTakeBackLifetimeMs,
  })
  sendInBackground(ctx, emailChangedMail(user.email, user.username, link.email, back))
}
