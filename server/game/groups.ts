import type { z } from 'zod'
import {
  type createGroupBodySchema,
  defaultGroupId,
  type Group,
  type GroupMember,
  groupTexts,
  type saveGroupBodySchema,
  type setMembersBodySchema,
  type updateMembersBodySchema,
} from '../../src/api/groups'
import { overBalanceText } from '../../src/api/polls'
import { toHundredths } from '../../src/domain/currency'
import type { AppContext } from '../context'
import type { Executor, Tx } from '../db/database'
import type { UserGroupRow } from '../db/tables/groups.table'
import { inTransaction } from '../db/transaction'
import { fieldRefusal, notFound, Refusal } from '../refusal'
import {
  findGroup,
  groupAudience,
  groupFor,
  lockGroup,
  membershipOf,
  membersOf,
  resetStaleActiveGroups,
} from './groups.repo'
import { bankAddress, post, walletsOf } from './ledger'

/** Groups a player may have created and not deleted at one time. */
export const maxGroupsPerCreator = 50

export const groupErrors = {
  notMember: () => new Refusal('not_group_member', 'You are not a member of this group.'),
  notAdmin: () => new Refusal('not_group_admin', 'Only an admin of this group can do this.'),
  defaultGroup: () =>
    new Refusal(
      'default_group_locked',
      'Every player plays in the group Alpha: it cannot be left, deleted or edited.',
    ),
  lastAdmin: () =>
    new Refusal(
      'last_admin',
      'You are the last admin of this group. Make another member an admin before you leave.',
    ),
  needsAdmin: () => fieldRefusal('members', groupTexts.needsAdmin, 'admin_required'),
  private: () => new Refusal('group_private', 'This group is private: an admin of it has to add you.'),
  eventEnded: () => new Refusal('event_ended', 'This event has ended.'),
  notSelectable: () =>
    new Refusal('group_not_selectable', 'You can only select a group you are a member of.'),
}

const fieldError = fieldRefusal

/** The wallet that holds an event's extra prize from its creation until it is paid. */
export const prizeWalletOf = (groupId: number) => `prize:group:${groupId}`

type CreateGroupBody = z.output<typeof createGroupBodySchema>

function checkTitles(ctx: AppContext, ids: readonly number[]): void {
  const unknown = ids.find((id) => !ctx.market.title(id))
  if (unknown !== undefined)
    throw fieldError('titleRestrictions', `There is no title with the id ${unknown}.`)
}

function checkFutureEnd(endTime: number, now: number): void {
  if (endTime <= now) throw fieldError('endTime', 'The end time of an event must be in the future.')
}

/**
 * Creates the group with the creator as its one admin, in the caller's transaction (the route runs it
 * under an Idempotency-Key). An event's extra prize moves from the creator's wallet into the event's
 * prize wallet: a prize is money somebody had, never minted, so nobody wins what they made up.
 */
export async function createGroup(
  ctx: AppContext,
  tx: Tx,
  creatorId: number,
  body: CreateGroupBody,
): Promise<Group> {
  const now = ctx.clock.now()
  if (body.type === 'event' && body.endTime != null) checkFutureEnd(body.endTime, now)
  checkTitles(ctx, body.titleRestrictions)
  const created = await tx
    .selectFrom('userGroups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('createdBy', '=', creatorId)
    .executeTakeFirstOrThrow()
  if (Number(created.n) >= maxGroupsPerCreator)
    throw new Refusal('group_limit', `You can have at most ${maxGroupsPerCreator} groups of your own.`)
  const prize = toHundredths(body.extraPrize)
  const { id } = await tx
    .insertInto('userGroups')
    .values({
      name: body.name,
      type: body.type,
      publicGroup: body.publicGroup ? 1 : 0,
      avatarFile: null,
      createdAt: now,
      createdBy: creatorId,
      endTime: body.type === 'event' ? (body.endTime ?? null) : null,
      titleRestrictions: JSON.stringify(body.titleRestrictions),
      extraPrize: prize,
      prizePaidAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await tx
    .insertInto('groupMembers')
    .values({ groupId: id, userId: creatorId, isAdmin: 1, status: 'active', joinedAt: now })
    .execute()
  if (prize > 0) await fundPrize(tx, id, creatorId, prize, now)
  const group = await groupFor(tx, id, creatorId)
  if (!group) throw new Error('inserted group vanished')
  return group
}

async function fundPrize(tx: Tx, groupId: number, creatorId: number, prize: number, now: number) {
  const [wallet] = await walletsOf(tx, creatorId)
  if (!wallet || wallet.balance < prize) {
    const message = overBalanceText(wallet?.balance ?? 0)
    throw fieldError('extraPrize', message, 'insufficient_balance')
  }
  const address = prizeWalletOf(groupId)
  await tx.insertInto('wallets').values({ address, userId: null, balance: 0, createdAt: now }).execute()
  const reference = `group-prize:${groupId}`
  await post(tx, { address: wallet.address, type: 'payment', amount: -prize, reference, now })
  await post(tx, { address, type: 'payment', amount: prize, reference, now })
}

/** An unpaid prize goes back to the creator, or to the Bank when the creator's account is gone. */
async function refundPrize(tx: Tx, group: UserGroupRow, now: number): Promise<void> {
  const [creatorWallet] = group.createdBy === null ? [] : await walletsOf(tx, group.createdBy)
  const reference = `group-prize-refund:${group.id}`
  await post(tx, {
    address: prizeWalletOf(group.id),
    type: 'payment',
    amount: -group.extraPrize,
    reference,
    now,
  })
  await post(tx, {
    address: creatorWallet?.address ?? bankAddress,
    type: 'payment',
    amount: group.extraPrize,
    reference,
    now,
  })
}

/** Events whose end has come and whose extra prize waits for its winner. */
export function eventsWithPrizeDue(db: Executor, now: number): Promise<UserGroupRow[]> {
  return db
    .selectFrom('userGroups')
    .selectAll()
    .where('type', '=', 'event')
    .where('extraPrize', '>', 0)
    .where('prizePaidAt', 'is', null)
    .where('endTime', '<=', now)
    .orderBy('endTime')
    .execute()
}

/**
 * Pays an ended event's extra prize once, as a ledger 'reward' from the prize wallet to the winner (the
 * event's best player, chosen by the rankings); without a winner it goes back to the creator. Call it in
 * a transaction; false when the prize was paid already, is not due yet or there is none.
 */
export async function settleEventPrize(
  tx: Tx,
  groupId: number,
  winnerUserId: number | null,
  now: number,
): Promise<boolean> {
  const claimed = await tx
    .updateTable('userGroups')
    .set({ prizePaidAt: now })
    .where('id', '=', groupId)
    .where('type', '=', 'event')
    .where('extraPrize', '>', 0)
    .where('prizePaidAt', 'is', null)
    .where('endTime', '<=', now)
    .executeTakeFirst()
  if (claimed.numUpdatedRows !== 1n) return false
  const group = await tx
    .selectFrom('userGroups')
    .selectAll()
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow()
  const [winnerWallet] = winnerUserId === null ? [] : await walletsOf(tx, winnerUserId)
  if (!winnerWallet) {
    await refundPrize(tx, group, now)
    return true
  }
  const reference = `group-prize:${groupId}`
  await post(tx, {
    address: prizeWalletOf(groupId),
    type: 'reward',
    amount: -group.extraPrize,
    reference,
    now,
  })
  await post(tx, { address: winnerWallet.address, type: 'reward', amount: group.extraPrize, reference, now })
  return true
}

/** The group locked for a change, refused for group 1000 (which no player edits) and when missing. */
async function editableGroup(tx: Tx, groupId: number): Promise<UserGroupRow> {
  const group = await lockGroup(tx, groupId)
  if (!group) throw notFound('Group')
  if (group.id === defaultGroupId) throw groupErrors.defaultGroup()
  return group
}

/** Refuses like the changes do, without a lock: a cheap first check before work such as storing a file. */
export async function checkCanEdit(db: Executor, groupId: number, userId: number): Promise<void> {
  if (groupId === defaultGroupId) throw groupErrors.defaultGroup()
  const membership = await membershipOf(db, groupId, userId)
  if (membership?.status === 'active' && membership.isAdmin === 1) return
  throw (await findGroup(db, groupId)) ? groupErrors.notAdmin() : notFound('Group')
}

async function requireAdmin(tx: Tx, groupId: number, userId: number): Promise<void> {
  const membership = await membershipOf(tx, groupId, userId)
  if (membership?.status !== 'active' || membership.isAdmin !== 1) throw groupErrors.notAdmin()
}

/** Deletes the group (memberships go with it); an unpaid prize is refunded. Returns its avatar file. */
async function dropGroup(tx: Tx, group: UserGroupRow, now: number): Promise<string | null> {
  if (group.extraPrize > 0 && group.prizePaidAt === null) await refundPrize(tx, group, now)
  await tx.deleteFrom('userGroups').where('id', '=', group.id).execute()
  await resetStaleActiveGroups(tx, group.id)
  return group.avatarFile
}

async function groupOrThrow(tx: Executor, groupId: number, callerId: number): Promise<Group> {
  const group = await groupFor(tx, groupId, callerId)
  if (!group) throw notFound('Group')
  return group
}

export interface Changed<T> {
  result: T
  /** avatar files no group refers to any more: delete them after the commit */
  unusedAvatars: (string | null)[]
  /** the players whose group lists the change altered (members before and after): told after the commit */
  audience: number[]
}

const unchanged = <T>(result: T): Changed<T> => ({ result, unusedAvatars: [], audience: [] })

/** Name, visibility, avatar removal and, for running events, end time and title restrictions. */
export async function saveGroup(
  ctx: AppContext,
  callerId: number,
  groupId: number,
  edit: z.output<typeof saveGroupBodySchema>['group'],
): Promise<Changed<Group>> {
  const now = ctx.clock.now()
  return inTransaction(ctx.db, async (tx) => {
    const group = await editableGroup(tx, groupId)
    await requireAdmin(tx, groupId, callerId)
    let endTime = group.endTime
    let restrictions = group.titleRestrictions
    if (group.type === 'event') {
      const ended = group.endTime !== null && group.endTime <= now
      if (edit.endTime === null) throw fieldError('endTime', 'An event needs an end time.')
      if (edit.endTime !== undefined && edit.endTime !== group.endTime) {
        if (ended) throw groupErrors.eventEnded()
        checkFutureEnd(edit.endTime, now)
        endTime = edit.endTime
      }
      if (edit.titleRestrictions !== undefined) {
        const next = JSON.stringify(edit.titleRestrictions)
        if (next !== restrictions) {
          if (ended) throw groupErrors.eventEnded()
          checkTitles(ctx, edit.titleRestrictions)
          restrictions = next
        }
      }
    } else {
      if (edit.endTime != null) throw fieldError('endTime', 'Only events have an end time.')
      if (edit.titleRestrictions?.length)
        throw fieldError('titleRestrictions', 'Only events have title restrictions.')
    }
    const removeAvatar = edit.avatarUrl === null && group.avatarFile !== null
    await tx
      .updateTable('userGroups')
      .set({
        name: edit.name,
        publicGroup: edit.publicGroup ? 1 : 0,
        endTime,
        titleRestrictions: restrictions,
        ...(removeAvatar ? { avatarFile: null } : {}),
      })
      .where('id', '=', groupId)
      .execute()
    return {
      result: await groupOrThrow(tx, groupId, callerId),
      unusedAvatars: removeAvatar ? [group.avatarFile] : [],
      audience: await groupAudience(tx, groupId),
    }
  })
}

/** Sets the uploaded avatar file; the previous one is no longer used. Admins only. */
export async function setGroupAvatar(
  ctx: AppContext,
  callerId: number,
  groupId: number,
  file: string,
): Promise<Changed<Group>> {
  return inTransaction(ctx.db, async (tx) => {
    const group = await editableGroup(tx, groupId)
    await requireAdmin(tx, groupId, callerId)
    await tx.updateTable('userGroups').set({ avatarFile: file }).where('id', '=', groupId).execute()
    return {
      result: await groupOrThrow(tx, groupId, callerId),
      unusedAvatars: [group.avatarFile],
      audience: await groupAudience(tx, groupId),
    }
  })
}

async function checkPlayersExist(tx: Tx, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return
  const found = await tx.selectFrom('users').select('id').where('id', 'in', ids).execute()
  if (found.length !== new Set(ids).size)
    throw fieldError(field, 'Some of these players do not exist.', 'unknown_players')
}

function checkBodyGroupId(pathId: number, bodyId: number): void {
  if (pathId !== bodyId)
    throw fieldError('groupId', 'The groupId of the body does not match the address.', 'group_id_mismatch')
}

/**
 * Replaces the member list in one transaction: listed players stay (with the admin flag given), new ones
 * are invited, unlisted ones are removed. At least one listed admin must be an active member already,
 * else the group could be left without anybody able to run it.
 */
export async function setMembers(
  ctx: AppContext,
  callerId: number,
  groupId: number,
  body: z.output<typeof setMembersBodySchema>,
): Promise<Changed<GroupMember[]>> {
  checkBodyGroupId(groupId, body.groupId)
  const now = ctx.clock.now()
  return inTransaction(ctx.db, async (tx) => {
    await editableGroup(tx, groupId)
    await requireAdmin(tx, groupId, callerId)
    const current = new Map(
      (await tx.selectFrom('groupMembers').selectAll().where('groupId', '=', groupId).execute()).map((m) => [
        m.userId,
        m,
      ]),
    )
    if (!body.members.some((m) => m.isAdmin && current.get(m.userId)?.status === 'active'))
      throw groupErrors.needsAdmin()
    await checkPlayersExist(
      tx,
      body.members.map((m) => m.userId).filter((id) => !current.has(id)),
      'members',
    )
    const listed = new Set(body.members.map((m) => m.userId))
    const removed = [...current.keys()].filter((id) => !listed.has(id))
    if (removed.length > 0)
      await tx
        .deleteFrom('groupMembers')
        .where('groupId', '=', groupId)
        .where('userId', 'in', removed)
        .execute()
    for (const member of body.members) {
      const isAdmin = member.isAdmin ? 1 : 0
      const existing = current.get(member.userId)
      if (!existing) {
        await tx
          .insertInto('groupMembers')
          .values({
            groupId,
            userId: member.userId,
            isAdmin,
            status: 'invited',
            joinedAt: now,
            invitedBy: callerId,
          })
          .execute()
      } else if (existing.isAdmin !== isAdmin) {
        await tx
          .updateTable('groupMembers')
          .set({ isAdmin })
          .where('groupId', '=', groupId)
          .where('userId', '=', member.userId)
          .execute()
      }
    }
    await resetStaleActiveGroups(tx, groupId)
    const members = await membersOf(tx, groupId)
    // the removed ones too: their lists lose the group
    return { result: members, unusedAvatars: [], audience: [...current.keys(), ...listed] }
  })
}

/** Invites players (members already in the group stay as they are). Admins only. */
export async function addMembers(
  ctx: AppContext,
  callerId: number,
  groupId: number,
  body: z.output<typeof updateMembersBodySchema>,
): Promise<Changed<Group>> {
  checkBodyGroupId(groupId, body.groupId)
  const now = ctx.clock.now()
  return inTransaction(ctx.db, async (tx) => {
    await editableGroup(tx, groupId)
    await requireAdmin(tx, groupId, callerId)
    const ids = [...new Set(body.addMemberIds)]
    await checkPlayersExist(tx, ids, 'addMemberIds')
    await tx
      .insertInto('groupMembers')
      .values(
        ids.map((userId) => ({
          groupId,
          userId,
          isAdmin: 0,
          status: 'invited' as const,
          joinedAt: now,
          invitedBy: callerId,
        })),
      )
      .onConflict((oc) => oc.columns(['groupId', 'userId']).doNothing())
      .execute()
    return {
      result: await groupOrThrow(tx, groupId, callerId),
      unusedAvatars: [],
      audience: await groupAudience(tx, groupId),
    }
  })
}

/**
 * Joins a public group, or accepts an invitation to any group. Joining again changes nothing. An
 * event that has ended takes nobody new.
 */
export async function joinGroup(ctx: AppContext, callerId: number, groupId: number): Promise<Changed<Group>> {
  const now = ctx.clock.now()
  return inTransaction(ctx.db, async (tx) => {
    const group = await lockGroup(tx, groupId)
    if (!group) throw notFound('Group')
    const membership = await membershipOf(tx, groupId, callerId)
    if (membership?.status === 'active') return unchanged(await groupOrThrow(tx, groupId, callerId))
    if (!membership && group.publicGroup !== 1) throw groupErrors.private()
    if (group.endTime !== null && group.endTime <= now) throw groupErrors.eventEnded()
    if (membership) {
      await tx
        .updateTable('groupMembers')
        .set({ status: 'active', joinedAt: now })
        .where('groupId', '=', groupId)
        .where('userId', '=', callerId)
        .execute()
    } else {
      await tx
        .insertInto('groupMembers')
        .values({ groupId, userId: callerId, isAdmin: 0, status: 'active', joinedAt: now })
        .execute()
    }
    return {
      result: await groupOrThrow(tx, groupId, callerId),
      unusedAvatars: [],
      audience: await groupAudience(tx, groupId),
    }
  })
}

async function activeCounts(tx: Tx, groupId: number, except: number) {
  const row = await tx
    .selectFrom('groupMembers')
    .select((eb) => [eb.fn.countAll<number>().as('members'), eb.fn.sum<number>('isAdmin').as('admins')])
    .where('groupId', '=', groupId)
    .where('status', '=', 'active')
    .where('userId', '!=', except)
    .executeTakeFirstOrThrow()
  return { members: Number(row.members), admins: Number(row.admins ?? 0) }
}

/**
 * Leaves a group, or declines an invitation. The last admin cannot leave while other active members
 * remain (make one of them an admin first); the last active member leaving deletes the group. Runs in the
 * caller's transaction (the route runs it under an Idempotency-Key).
 */
export async function leaveGroup(
  ctx: AppContext,
  tx: Tx,
  callerId: number,
  groupId: number,
): Promise<Changed<{ deleted: boolean }>> {
  const now = ctx.clock.now()
  const group = await editableGroup(tx, groupId)
  const membership = await membershipOf(tx, groupId, callerId)
  if (!membership) throw groupErrors.notMember()
  const audience = await groupAudience(tx, groupId)
  if (membership.status === 'active') {
    const others = await activeCounts(tx, groupId, callerId)
    if (others.members === 0)
      return { result: { deleted: true }, unusedAvatars: [await dropGroup(tx, group, now)], audience }
    if (membership.isAdmin === 1 && others.admins === 0) throw groupErrors.lastAdmin()
  }
  await tx.deleteFrom('groupMembers').where('groupId', '=', groupId).where('userId', '=', callerId).execute()
  await resetStaleActiveGroups(tx, groupId)
  return { result: { deleted: false }, unusedAvatars: [], audience }
}

/**
 * Deletes a group. Admins only; an unpaid event prize goes back to the creator. Runs in the caller's
 * transaction (the route runs it under an Idempotency-Key).
 */
export async function deleteGroup(
  ctx: AppContext,
  tx: Tx,
  callerId: number,
  groupId: number,
): Promise<Changed<null>> {
  const group = await editableGroup(tx, groupId)
  await requireAdmin(tx, groupId, callerId)
  const audience = await groupAudience(tx, groupId)
  return { result: null, unusedAvatars: [await dropGroup(tx, group, ctx.clock.now())], audience }
}

/**
 * Before an account is deleted (in its transaction): each group it is the last admin of passes to its
 * longest-standing active member, or is deleted when nobody else plays in it. Returns the avatar files
 * of deleted groups.
 */
export async function handOverGroupsOf(tx: Tx, userId: number, now: number): Promise<(string | null)[]> {
  const adminOf = await tx
    .selectFrom('groupMembers')
    .select('groupId')
    .where('userId', '=', userId)
    .where('status', '=', 'active')
    .where('isAdmin', '=', 1)
    .where('groupId', '!=', defaultGroupId)
    .orderBy('groupId')
    .execute()
  const unused: (string | null)[] = []
  for (const { groupId } of adminOf) {
    const group = await lockGroup(tx, groupId)
    if (!group) continue
    const others = await activeCounts(tx, groupId, userId)
    if (others.admins > 0) continue
    if (others.members === 0) {
      unused.push(await dropGroup(tx, group, now))
      continue
    }
    const successor = await tx
      .selectFrom('groupMembers')
      .select('userId')
      .where('groupId', '=', groupId)
      .where('status', '=', 'active')
      .where('userId', '!=', userId)
      .orderBy('joinedAt')
      .orderBy('userId')
      .executeTakeFirstOrThrow()
    await tx
      .updateTable('groupMembers')
      .set({ isAdmin: 1 })
      .where('groupId', '=', groupId)
      .where('userId', '=', successor.userId)
      .execute()
  }
  return unused
}

/** `PATCH /v1/session`: the active group, one the player is an active member of. */
export async function setActiveGroup(db: Executor, sessionIdHash: string, userId: number, groupId: number) {
  const updated = await db
    .updateTable('sessions')
    .set({ activeGroupId: groupId })
    .where('idHash', '=', sessionIdHash)
    .where('userId', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('groupMembers')
          .select('groupMembers.userId')
          .where('groupMembers.groupId', '=', groupId)
          .where('groupMembers.userId', '=', userId)
          .where('groupMembers.status', '=', 'active'),
      ),
    )
    .executeTakeFirst()
  if (updated.numUpdatedRows !== 1n) throw groupErrors.notSelectable()
}
