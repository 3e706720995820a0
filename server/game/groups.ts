import type { z } from 'zod'
import {
  type createGroupBodySchema,
  defaultGroupId,
  type Group,
  groupTexts,
  type saveGroupBodySchema,
} from '../../src/api/groups'
import { toHundredths } from '../../src/domain/currency'
import type { GroupNewsAbout } from '../../src/domain/important-messages'
import type { AppContext } from '../context'
import type { Executor, Tx } from '../db/database'
import type { UserGroupRow } from '../db/tables/groups.table'
import { inTransaction } from '../db/transaction'
import { fieldRefusal, notFound, Refusal } from '../refusal'
import { fundPrize, refundPrize } from './group-prizes'
import {
  findGroup,
  groupAudience,
  groupFor,
  lockGroup,
  membershipOf,
  resetStaleActiveGroups,
} from './groups.repo'

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

/** The group locked for a change, refused for group 1000 (which no player edits) and when missing. */
export async function editableGroup(tx: Tx, groupId: number): Promise<UserGroupRow> {
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

export async function requireAdmin(tx: Tx, groupId: number, userId: number): Promise<void> {
  const membership = await membershipOf(tx, groupId, userId)
  if (membership?.status !== 'active' || membership.isAdmin !== 1) throw groupErrors.notAdmin()
}

/** Deletes the group (memberships go with it); an unpaid prize is refunded. Returns its avatar file. */
export async function dropGroup(tx: Tx, group: UserGroupRow, now: number): Promise<string | null> {
  if (group.extraPrize > 0 && group.prizePaidAt === null) await refundPrize(tx, group, now)
  await tx.deleteFrom('userGroups').where('id', '=', group.id).execute()
  await resetStaleActiveGroups(tx, group.id)
  return group.avatarFile
}

export async function groupOrThrow(tx: Executor, groupId: number, callerId: number): Promise<Group> {
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
  /** players the change concerns, by what it did to them: each hears of it after the commit (an important message) */
  told?: readonly GroupNewsFor[]
}

/** Players an admin's change to a group concerns in one way (`groupNews` says how), the admin aside. */
export interface GroupNewsFor {
  readonly about: GroupNewsAbout
  readonly groupName: string
  readonly userIds: readonly number[]
}

export const unchanged = <T>(result: T): Changed<T> => ({ result, unusedAvatars: [], audience: [] })

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
  const members = await tx
    .selectFrom('groupMembers')
    .select(['userId', 'status'])
    .where('groupId', '=', groupId)
    .execute()
  // its members hear of it; an invitation just goes away
  const deletedFor = members
    .filter((m) => m.status === 'active' && m.userId !== callerId)
    .map((m) => m.userId)
  return {
    result: null,
    unusedAvatars: [await dropGroup(tx, group, ctx.clock.now())],
    audience: members.map((m) => m.userId),
    told: [{ about: 'deleted', groupName: group.name, userIds: deletedFor }],
  }
}
