import { sql } from 'kysely'
import { defaultGroupId } from '../../src/api/groups'
import type { Executor } from '../db/database'
import { isPostgres } from '../db/dialect'
import { keepPrepared } from '../db/named-statements'
import type { UserGroupRow } from '../db/tables/groups.table'
import { type OwnBet, ownBetsColumn, parseOwnBets } from './own-bets'

/**
 * A group row with the versions of what the game shows about it: strings that change when the data
 * behind a ranking, an activity stream, badges or the poll list does. Each part is one index lookup
 * (a max or min at the edge of an index), so reading them costs about one small query per request.
 */
export interface GroupVersions {
  group: UserGroupRow
  /** evaluations and settlements folded into ranking_days, the group's members and settings, names */
  ranking: string
  /**
   * The activity stream's version but for new predictions and bets (the ranking's, evaluations,
   * settlements, polls): while it holds, the stream changed only by those, whose versions follow.
   */
  activityBesidesNew: string
  /** predictions made: the newest one's time, and how many were made then */
  predictions: string
  /** when the newest prediction was made (0: none yet) */
  newestPrediction: number
  /** bets made: the newest one's time, and how many were made then */
  bets: string
  /** when the newest bet was made (0: none yet) */
  newestBet: number
  /** trophies awarded */
  trophies: string
  /** polls opened and settled, bets */
  polls: string
  /** groups created (what else changes in public group lists is seconds old at most: see state.ts) */
  groups: string
}

interface VersionRow extends UserGroupRow {
  vLedger: number | null
  vDue: number | null
  vPending: number | null
  vTagged: number | null
  /** predictions made at vTagged: a second one in the same millisecond moves the version too */
  vTaggedLast: number | null
  vVoted: number | null
  vVotedLast: number | null
  vPolls: number | null
  vUnsettled: number | null
  vTrophies: number | null
  vUsers: number | null
  /** moved by renames and deleted accounts (migration 0027) */
  vNames: number | null
  vGroups: number | null
  vMembers: number | null
  vJoined: number | null
  vMine: string | null
  vBets?: string | null
  vFoldedPredictions: number | null
  vFoldedPolls: number | null
}

/** What one player belongs to, read with the versions: active memberships and invitations. */
export interface Memberships {
  active: Set<number>
  invited: Set<number>
}

function membershipsSql(db: Executor, userId: number) {
  // invitations as negative ids
  const id = sql`case when m.status = 'active' then m.group_id else -m.group_id end`
  return isPostgres(db)
    ? sql`(select string_agg(cast(${id} as text), ',') from group_members m where m.user_id = ${userId})`
    : sql`(select group_concat(${id}) from group_members m where m.user_id = ${userId})`
}

function parseMemberships(list: string | null): Memberships {
  const memberships: Memberships = { active: new Set(), invited: new Set() }
  for (const part of (list ?? '').split(',')) {
    const id = Number(part)
    if (id > 0) memberships.active.add(id)
    else if (id < 0) memberships.invited.add(-id)
  }
  return memberships
}

/**
 * The groups (missing ones are left out) with their versions, and the memberships of `userId` (none
 * for 0), in one statement; with `betsFrom`, the caller's bets on polls from that id on too (the state's
 * own part, read in the same round trip).
 */
export async function readGroupVersions(
  db: Executor,
  groupIds: readonly number[],
  userId = 0,
  betsFrom?: number,
): Promise<{ versions: Map<number, GroupVersions>; memberships: Memberships; bets?: OwnBet[] }> {
  const versions = new Map<number, GroupVersions>()
  if (groupIds.length === 0) return { versions, memberships: parseMemberships(null) }
  const withBets = betsFrom !== undefined && userId > 0
  const query = sql<VersionRow>`select g.*,
      (select max(id) from ledger) as v_ledger,
      (select evaluated_to from evaluation_progress) as v_due,
      (select count(*) from evaluation_prices where price is null) as v_pending,
      (select max(created_at) from tagged_messages) as v_tagged,
      (select count(*) from tagged_messages where created_at = (select max(created_at) from tagged_messages))
        as v_tagged_last,
      (select max(created_at) from votes) as v_voted,
      (select count(*) from votes where created_at = (select max(created_at) from votes)) as v_voted_last,
      (select max(id) from polls) as v_polls,
      (select min(eval_time) from polls where settled_at is null) as v_unsettled,
      (select max(id) from trophies) as v_trophies,
      (select max(id) from users) as v_users,
      (select version from names_version) as v_names,
      (select max(id) from user_groups) as v_groups,
      (select upto from ranking_folds where kind = 'predictions') as v_folded_predictions,
      (select upto from ranking_folds where kind = 'polls') as v_folded_polls,
      case when g.id = ${sql.lit(defaultGroupId)} then 0 else (select count(*) from group_members m
        where m.group_id = g.id and m.status = 'active') end as v_members,
      case when g.id = ${sql.lit(defaultGroupId)} then 0 else (select max(joined_at) from group_members m
        where m.group_id = g.id) end as v_joined,
      ${userId > 0 ? membershipsSql(db, userId) : sql`null`} as v_mine
      ${withBets ? sql`, ${ownBetsColumn(db, userId, betsFrom)} as v_bets` : sql``}
    from user_groups g where g.id in (${sql.join(groupIds)})`
  const compiled = query.compile(db)
  // Every state call reads it, in few shapes (one or two groups, a caller or none): kept prepared.
  if (isPostgres(db)) keepPrepared(compiled.sql)
  const { rows } = await db.executeQuery(compiled)
  for (const row of rows) {
    const {
      vLedger,
      vDue,
      vPending,
      vTagged,
      vTaggedLast,
      vVoted,
      vVotedLast,
      vPolls,
      vUnsettled,
      vTrophies,
      vUsers,
      vNames,
      vGroups,
      vMembers,
      vJoined,
      vMine: _mine,
      vBets: _bets,
      vFoldedPredictions,
      vFoldedPolls,
      ...group
    } = row
    // who the group names: its members, new players, and renamed or deleted ones
    const members = `${Number(vMembers ?? 0)}/${Number(vJoined ?? 0)}/${Number(vUsers ?? 0)}/${Number(vNames ?? 0)}`
    // A group's settings change what its ranking counts (an event's end, its titles).
    const settings = `${group.endTime ?? ''}/${group.titleRestrictions}/${group.name}`
    // Rankings add up ranking_days: they change when the fold moves on (or members and settings do).
    const folded = `${Number(vFoldedPredictions ?? 0)}/${Number(vFoldedPolls ?? 0)}`
    const ranking = `${folded}/${members}/${settings}`
    const newestPrediction = Number(vTagged ?? 0)
    const predictions = `${newestPrediction}.${Number(vTaggedLast ?? 0)}`
    const newestBet = Number(vVoted ?? 0)
    const bets = `${newestBet}.${Number(vVotedLast ?? 0)}`
    // what the stream shows besides new predictions and bets: evaluations, settlements, polls
    const besides = `${ranking}/${Number(vDue ?? 0)}:${Number(vPending ?? 0)}/${Number(vUnsettled ?? 0)}/${Number(vPolls ?? 0)}`
    versions.set(group.id, {
      group: { ...group, id: Number(group.id) },
      ranking,
      activityBesidesNew: besides,
      predictions,
      newestPrediction,
      bets,
      newestBet,
      trophies: String(Number(vTrophies ?? 0)),
      polls: `${Number(vLedger ?? 0)}/${Number(vPolls ?? 0)}/${Number(vUnsettled ?? 0)}`,
      groups: String(Number(vGroups ?? 0)),
    })
  }
  const memberships = parseMemberships(rows[0]?.vMine ?? null)
  // no row (none of the groups exists): the bets are not known
  if (!withBets || rows[0] === undefined) return { versions, memberships }
  return { versions, memberships, bets: parseOwnBets(rows[0].vBets ?? null) }
}
