import { defaultGroupId, type Group, type GroupLists, type GroupMember } from '../../src/api/groups'
import { fromHundredths } from '../../src/domain/currency'
import type { Executor, Tx } from '../db/database'
import { isPostgres } from '../db/dialect'
import type { GroupMemberRow, UserGroupRow } from '../db/tables/groups.table'

/** Where uploaded avatars are served; the stored value is the file name only. */
export const avatarPathPrefix = '/v1/stockgame/groups/avatars/'

/** Public groups listed at most: the ones with most members. */
const publicGroupsLimit = 200

/** Group rows with the caller's membership and the count of active members. */
function groupsSeenBy(db: Executor, callerId: number) {
  return db
    .selectFrom('userGroups as g')
    .leftJoin('groupMembers as me', (join) =>
      join.onRef('me.groupId', '=', 'g.id').on('me.userId', '=', callerId),
    )
    .leftJoin('users as inviter', 'inviter.id', 'me.invitedBy')
    .selectAll('g')
    .select((eb) => [
      'me.status as memberStatus',
      'me.isAdmin as callerIsAdmin',
      'inviter.username as inviterName',
      eb
        .selectFrom('groupMembers as m')
        .whereRef('m.groupId', '=', 'g.id')
        .where('m.status', '=', 'active')
        .select((count) => count.fn.countAll<number>().as('n'))
        .as('memberCount'),
    ])
}

type SeenRow = UserGroupRow & {
  memberStatus: GroupMemberRow['status'] | null
  callerIsAdmin: number | null
  inviterName: string | null
  memberCount: number | null
}

function groupPayload(row: SeenRow): Group {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    publicGroup: row.publicGroup === 1,
    avatarUrl: row.avatarFile ? avatarPathPrefix + row.avatarFile : null,
    memberCount: Number(row.memberCount ?? 0),
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    endTime: row.endTime,
    titleRestrictions: JSON.parse(row.titleRestrictions) as number[],
    extraPrize: fromHundredths(row.extraPrize),
    prizePaidAt: row.prizePaidAt,
    memberStatus: row.memberStatus ?? null,
    isAdmin: row.callerIsAdmin === 1,
    ...(row.memberStatus === 'invited' && row.inviterName ? { invitedBy: row.inviterName } : {}),
  }
}

/** One group as the caller sees it (whether or not the caller may see it: callers check). */
export async function groupFor(db: Executor, groupId: number, callerId: number): Promise<Group | undefined> {
  const row = await groupsSeenBy(db, callerId).where('g.id', '=', groupId).executeTakeFirst()
  return row ? groupPayload(row) : undefined
}

/** The caller's groups (group 1000 first, then by name), pending invitations and public groups to join. */
export async function groupListsFor(db: Executor, callerId: number): Promise<GroupLists> {
  const mine = await groupsSeenBy(db, callerId)
    .where('me.userId', 'is not', null)
    .orderBy((eb) => eb.case().when('g.id', '=', defaultGroupId).then(0).else(1).end())
    .orderBy('g.name')
    .orderBy('g.id')
    .execute()
  const payloads = mine.map(groupPayload)
  return {
    groups: payloads.filter((g) => g.memberStatus === 'active'),
    invitations: payloads.filter((g) => g.memberStatus === 'invited'),
    publicGroups: await publicGroupsFor(db, callerId),
  }
}

/** Public groups the player has no membership of (nor an invitation to), most members first. */
export async function publicGroupsFor(db: Executor, callerId: number): Promise<Group[]> {
  const rows = await groupsSeenBy(db, callerId)
    .where('g.publicGroup', '=', 1)
    .where('me.userId', 'is', null)
    .orderBy('memberCount', 'desc')
    .orderBy('g.id')
    .limit(publicGroupsLimit)
    .execute()
  return rows.map(groupPayload)
}

/** Members, admins first, then by name; active and invited. */
export async function membersOf(db: Executor, groupId: number): Promise<GroupMember[]> {
  const rows = await db
    .selectFrom('groupMembers as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['m.userId', 'u.username', 'm.isAdmin', 'm.status', 'm.joinedAt'])
    .where('m.groupId', '=', groupId)
    .orderBy('m.isAdmin', 'desc')
    .orderBy('u.usernameKey')
    .execute()
  return rows.map((r) => ({ ...r, isAdmin: r.isAdmin === 1 }))
}

/**
 * Everyone with a membership of the group, active or invited: the players whose group lists a change of
 * the group alters (its name, its member count, their own membership).
 */
export async function groupAudience(db: Executor, groupId: number): Promise<number[]> {
  const rows = await db.selectFrom('groupMembers').select('userId').where('groupId', '=', groupId).execute()
  return rows.map((row) => row.userId)
}

export function membershipOf(
  db: Executor,
  groupId: number,
  userId: number,
): Promise<GroupMemberRow | undefined> {
  return db
    .selectFrom('groupMembers')
    .selectAll()
    .where('groupId', '=', groupId)
    .where('userId', '=', userId)
    .executeTakeFirst()
}

/** Whether the player plays in the group (rankings, the active group, the activity stream ask this). */
export async function isActiveMember(db: Executor, groupId: number, userId: number): Promise<boolean> {
  return (await membershipOf(db, groupId, userId))?.status === 'active'
}

/**
 * The user ids of a group's active members as a subquery, for `where('userId', 'in', ...)` in rankings
 * and activity queries.
 */
export function activeMemberIds(db: Executor, groupId: number) {
  return db
    .selectFrom('groupMembers')
    .select('groupMembers.userId')
    .where('groupMembers.groupId', '=', groupId)
    .where('groupMembers.status', '=', 'active')
}

export function findGroup(db: Executor, groupId: number): Promise<UserGroupRow | undefined> {
  return db.selectFrom('userGroups').selectAll().where('id', '=', groupId).executeTakeFirst()
}

/**
 * The group row, locked for the rest of the transaction on PostgreSQL so membership changes of one group
 * run one after another (two last admins leaving at once must not both succeed). SQLite transactions
 * begin immediate: writers are serialized already.
 */
export function lockGroup(tx: Tx, groupId: number): Promise<UserGroupRow | undefined> {
  const query = tx.selectFrom('userGroups').selectAll().where('id', '=', groupId)
  return (isPostgres(tx) ? query.forUpdate() : query).executeTakeFirst()
}

/** Every new player plays in group 1000; `createAccount` calls this in its transaction. */
export async function joinDefaultGroup(tx: Executor, userId: number, now: number): Promise<void> {
  await tx
    .insertInto('groupMembers')
    .values({ groupId: defaultGroupId, userId, isAdmin: 0, status: 'active', joinedAt: now })
    .execute()
}

/**
 * A player who signed up with a group's invitation starts as an active member of it; an event that has
 * ended meanwhile takes nobody new (the account is made all the same).
 */
export async function joinInvitedGroup(tx: Tx, groupId: number, userId: number, now: number): Promise<void> {
  const group = await lockGroup(tx, groupId)
  if (!group || group.id === defaultGroupId || (group.endTime !== null && group.endTime <= now)) return
  await tx
    .insertInto('groupMembers')
    .values({ groupId, userId, isAdmin: 0, status: 'active', joinedAt: now })
    .execute()
}

/** Sessions whose active group the player no longer plays in fall back to group 1000. */
export async function resetStaleActiveGroups(tx: Executor, groupId: number): Promise<void> {
  await tx
    .updateTable('sessions')
    .set({ activeGroupId: defaultGroupId })
    .where('activeGroupId', '=', groupId)
    .where('userId', 'not in', activeMemberIds(tx, groupId))
    .execute()
}
