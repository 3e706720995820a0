import type { Db } from '../db/database'
import type { UserRow } from '../db/tables/users.table'
import { Refusal } from '../refusal'
import { deleteUserSessions } from './sessions.repo'
import { findUserByLogin } from './users.repo'

/** What a suspended player reads when they sign in (with the right password: others learn nothing). */
export const suspendedText = 'This account is suspended. Write to the operator of this game to ask why.'

export const isSuspended = (user: Pick<UserRow, 'suspendedAt'>) => user.suspendedAt !== null

/** Refuses a sign-in into a suspended account; signing in checks the password first. */
export function refuseIfSuspended(user: Pick<UserRow, 'suspendedAt'>): void {
  if (isSuspended(user)) throw new Refusal('account_suspended', suspendedText)
}

export interface SuspensionChange {
  readonly userId: number
  readonly username: string
  /** the account's sessions that ended with the suspension (none when it is lifted) */
  readonly sessionsEnded: number
  /** it already was as asked: nothing changed */
  readonly unchanged: boolean
}

/**
 * Suspends the account of a username or e-mail address (the operator's `npm run admin -- suspend`): it
 * cannot sign in any more, and its sessions end in the same transaction, so none of its browsers can
 * play on. What the player did stays: their bets, predictions, groups and balance. Undefined for no such
 * account.
 */
export async function suspendAccount(
  db: Db,
  login: string,
  now: number,
): Promise<SuspensionChange | undefined> {
  return db.transaction().execute(async (tx) => {
    const user = await findUserByLogin(tx, login)
    if (!user) return undefined
    const unchanged = isSuspended(user)
    if (!unchanged)
      await tx.updateTable('users').set({ suspendedAt: now }).where('id', '=', user.id).execute()
    const sessionsEnded = await deleteUserSessions(tx, user.id)
    return { userId: user.id, username: user.username, sessionsEnded, unchanged }
  })
}

/** Lifts an account's suspension (`npm run admin -- unsuspend`): it signs in again. Undefined for no such account. */
export async function liftSuspension(db: Db, login: string): Promise<SuspensionChange | undefined> {
  const user = await findUserByLogin(db, login)
  if (!user) return undefined
  const unchanged = !isSuspended(user)
  if (!unchanged) await db.updateTable('users').set({ suspendedAt: null }).where('id', '=', user.id).execute()
  return { userId: user.id, username: user.username, sessionsEnded: 0, unchanged }
}
