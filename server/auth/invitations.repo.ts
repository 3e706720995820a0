import type { Executor } from '../db/database'
import type { InvitationCodeRow } from '../db/tables/invitation-codes.table'
import { newInvitationCode } from './invitation-codes'

export const operatorCodeLifetimeMs = 30 * 24 * 3600_000
export const playerCodeLifetimeMs = 30 * 24 * 3600_000
/** Codes every new player gets to invite friends. */
export const codesPerPlayer = 3

export async function createInvitationCodes(
  db: Executor,
  options: { count: number; ownerId: number | null; now: number; lifetimeMs: number },
): Promise<string[]> {
  const codes = Array.from({ length: options.count }, newInvitationCode)
  if (codes.length === 0) return codes
  await db
    .insertInto('invitationCodes')
    .values(
      codes.map((code) => ({
        code,
        ownerId: options.ownerId,
        createdAt: options.now,
        expiresAt: options.now + options.lifetimeMs,
        usedBy: null,
        usedAt: null,
      })),
    )
    .execute()
  return codes
}

/** Marks the code used by the user; false when it is unknown, used or expired. One conditional write, so two sign-ups cannot share a code. */
export async function redeemInvitationCode(
  db: Executor,
  code: string,
  userId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('invitationCodes')
    .set({ usedBy: userId, usedAt: now })
    .where('code', '=', code)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}

export async function isInvitationCodeRedeemable(db: Executor, code: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('invitationCodes')
    .select('code')
    .where('code', '=', code)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst()
  return row !== undefined
}

export function invitationCodesOf(db: Executor, ownerId: number): Promise<InvitationCodeRow[]> {
  return db
    .selectFrom('invitationCodes')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .orderBy('createdAt')
    .orderBy('code')
    .execute()
}
