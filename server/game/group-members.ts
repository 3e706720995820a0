import type { z } from 'zod'
import {
  defaultGroupId,
  type Group,
  type GroupMember,
  type setMembersBodySchema,
  type updateMembersBodySchema,
} from '../../src/api/groups'
import type { AppContext } from '../context'
import type { Executor, Tx } from '../db/database'
import { inTransaction } from '../db/transaction'
import { fieldRefusal, notFound } from '../refusal'
import {
  type Changed,
  dropGroup,
  editableGroup,
  groupErrors,
  groupOrThrow,
  requireAdmin,
  unchanged,
} from './groups'
import { groupAudience, lockGroup, membershipOf, membersOf, resetStaleActiveGroups } from './groups.repo'

// Who plays in a group: admins' member lists, joining, leaving, an account's groups when it goes.

async function checkPlayersExist(tx: Tx, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return
  const found = await tx.selectFrom('users').select('id').where('id', 'in', ids).execute()
  if (found.length !== new Set(ids).size)
    throw fieldRefusal(field, 'Some of these players do not exist.', 'unknown_players')
}

function checkBodyGroupId(pathId: number, bodyId: number): void {
  if (pathId !== bodyId)
    throw fieldRefusal('groupId', 'The groupId of the body does not match the address.', 'group_id_mismatch')
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
    const group = await editableGroup(tx, groupId)
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
    const invited = [...listed].filter((id) => !current.has(id))
    const removed = [...current.keys()].filter((id) => !listed.has(id))
    const isActiveOther = (userId: number) => current.get(userId)?.status === 'active' && userId !== callerId
    const madeAdmin = body.members
      .filter((m) => m.isAdmin && current.get(m.userId)?.isAdmin === 0 && isActiveOther(m.userId))
      .map((m) => m.userId)
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
    return {
      result: members,
      unusedAvatars: [],
      audience: [...current.keys(), ...listed],
      // an invitation withdrawn is not news: the player had not joined
      told: [
        { about: 'invited', groupName: group.name, userIds: invited },
        { about: 'madeAdmin', groupName: group.name, userIds: madeAdmin },
        { about: 'removed', groupName: group.name, userIds: removed.filter(isActiveOther) },
      ],
    }
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
    const group = await editableGroup(tx, groupId)
    await requireAdmin(tx, groupId, callerId)
    const ids = [...new Set(body.addMemberIds)]
    await checkPlayersExist(tx, ids, 'addMemberIds')
    // members already in the group stay as they are: only the rows inserted now are invitations
    const invited = await tx
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
      .returning('userId')
      .execute()
    return {
      result: await groupOrThrow(tx, groupId, callerId),
      unusedAvatars: [],
      audience: await groupAudience(tx, groupId),
      told: [{ about: 'invited', groupName: group.name, userIds: invited.map((row) => row.userId) }],
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

/** What an account's deletion did to the groups it was the last admin of. */
export interface HandedOver {
  /** avatar files of the groups deleted (nobody else played in them): delete them after the commit */
  readonly unusedAvatars: (string | null)[]
  /** the members each group passed to: told after the commit */
  readonly newAdmins: readonly { readonly userId: number; readonly groupName: string }[]
}

/**
 * Before an account is deleted (in its transaction): each group it is the last admin of passes to its
 * longest-standing active member, or is deleted when nobody else plays in it.
 */
export async function handOverGroupsOf(tx: Tx, userId: number, now: number): Promise<HandedOver> {
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
  const newAdmins: { userId: number; groupName: string }[] = []
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
    newAdmins.push({ userId: successor.userId, groupName: group.name })
  }
  return { unusedAvatars: unused, newAdmins }
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
  // remembered on the account: the player's next session (another device, after a logout) plays there too
  await db.updateTable('users').set({ lastActiveGroupId: groupId }).where('id', '=', userId).execute()
}
