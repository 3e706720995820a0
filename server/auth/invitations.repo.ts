import type { Executor, Tx } from '../db/database'
import { isPostgres } from '../db/dialect'
import type { InvitationCodeRow } from '../db/tables/invitation-codes.table'
import { newInvitationCode } from './invitation-codes'

export const operatorCodeLifetimeMs = 30 * 24 * 3600_000
/** Codes every new player gets to invite friends (fewer when the operator's open limit is lower). */
export const codesPerPlayer = 3
/** Codes per insert: 8 values each, SQLite takes at most 32,766 in one statement. */
const codesPerStatement = 1000

export async function createInvitationCodes(
  db: Executor,
  options: {
    count: number
    ownerId: number | null
    now: number
    lifetimeMs: number
    /** the group the new player starts as a member of */
    groupId?: number | null
  },
): Promise<string[]> {
  const codes = Array.from({ length: options.count }, newInvitationCode)
  // in statements of a bounded size, so any count stays under SQLite's limit of values (more than one
  // only past 1,000 codes: pass a transaction to make such a batch all or nothing)
  for (let start = 0; start < codes.length; start += codesPerStatement) {
    await db
      .insertInto('invitationCodes')
      .values(
        codes.slice(start, start + codesPerStatement).map((code) => ({
          code,
          ownerId: options.ownerId,
          createdAt: options.now,
          expiresAt: options.now + options.lifetimeMs,
          usedBy: null,
          usedAt: null,
          groupId: options.groupId ?? null,
          withdrawnAt: null,
        })),
      )
      .execute()
  }
  return codes
}

/**
 * Marks the code used by the user; false when it is unknown, used, withdrawn or expired. One conditional
 * write, so two sign-ups cannot share a code.
 */
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
    .where('withdrawnAt', 'is', null)
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
    .where('withdrawnAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Who made a code and the group it joins, with its name (null: none; an operator's code has no owner),
 * if the code exists.
 */
export function invitationOf(
  db: Executor,
  code: string,
): Promise<{ groupId: number | null; groupName: string | null; ownerId: number | null } | undefined> {
  return db
    .selectFrom('invitationCodes as c')
    .leftJoin('userGroups as g', 'g.id', 'c.groupId')
    .select(['c.groupId', 'g.name as groupName', 'c.ownerId'])
    .where('c.code', '=', code)
    .executeTakeFirst()
}

/** The player's codes that still let somebody in (the auth payload lists these). */
export function invitationCodesOf(db: Executor, ownerId: number): Promise<InvitationCodeRow[]> {
  return db
    .selectFrom('invitationCodes')
    .selectAll()
    .where('ownerId', '=', ownerId)
    .where('withdrawnAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('code')
    .execute()
}

/**
 * Holds the player's row for the rest of the transaction on PostgreSQL, so two requests of one player
 * count their open codes one after the other (SQLite transactions begin immediate: already serialized).
 */
export async function lockInviter(tx: Tx, ownerId: number): Promise<void> {
  const query = tx.selectFrom('users').select('id').where('id', '=', ownerId)
  await (isPostgres(tx) ? query.forUpdate() : query).executeTakeFirst()
}

/** Codes of the player that are neither used, withdrawn nor expired. */
export async function openInvitationCount(db: Executor, ownerId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('invitationCodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ownerId', '=', ownerId)
    .where('usedAt', 'is', null)
    .where('withdrawnAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A player's code with the group's name and the joined player's name, for the owner's list. */
export interface OwnInvitationRow extends InvitationCodeRow {
  groupName: string | null
  usedByName: string | null
}

function ownInvitationsQuery(db: Executor, ownerId: number) {
  return db
    .selectFrom('invitationCodes as c')
    .leftJoin('userGroups as g', 'g.id', 'c.groupId')
    .leftJoin('users as u', 'u.id', 'c.usedBy')
    .selectAll('c')
    .select(['g.name as groupName', 'u.username as usedByName'])
    .where('c.ownerId', '=', ownerId)
}

/** Every code of the player (withdrawn ones too), newest first; at most `limit` when given. */
export function ownInvitations(db: Executor, ownerId: number, limit?: number): Promise<OwnInvitationRow[]> {
  return ownInvitationsQuery(db, ownerId)
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.code', 'desc')
    .$if(limit !== undefined, (query) => query.limit(limit as number))
    .execute()
}

export function ownInvitation(
  db: Executor,
  ownerId: number,
  code: string,
): Promise<OwnInvitationRow | undefined> {
  return ownInvitationsQuery(db, ownerId).where('c.code', '=', code).executeTakeFirst()
}

/** Withdraws the owner's code if it is still open; false otherwise. One conditional write: a sign-up racing it either uses it or finds it gone. */
export async function withdrawInvitationCode(
  db: Executor,
  ownerId: number,
  code: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('invitationCodes')
    .set({ withdrawnAt: now })
    .where('code', '=', code)
    .where('ownerId', '=', ownerId)
    .where('usedAt', 'is', null)
    .where('withdrawnAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst()
  return result.numUpdatedRows === 1n
}
