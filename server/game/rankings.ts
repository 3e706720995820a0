import { type RawBuilder, sql } from 'kysely'
import { defaultGroupId } from '../../src/api/groups'
import type { RankingRow } from '../../src/api/rankings'
import { fromHundredths } from '../../src/domain/currency'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { type PlayerScore, rankPlayers } from '../../src/domain/ranking'
import {
  intersectSpans,
  isEmptySpan,
  periodSpan,
  type RankingPeriod,
  type TimeSpan,
} from '../../src/domain/ranking-periods'
import type { Config } from '../config'
import type { Db, Executor } from '../db/database'
import type { UserGroupRow } from '../db/tables/groups.table'
import { type GroupVersions, readGroupVersions } from './game-version'
import { latestGroupWinners } from './group-winners'
import { creditHundredthsSql, evaluationJoinSql, isCorrectSql } from './prediction-sql'
import { VersionedCache } from './versioned-cache'

/**
 * Rankings: per group and period, the group's active members who played in the period, by points won.
 *
 * Points (in hundredths here, TTC on the wire) are what the player won by playing in the period:
 * - each prediction evaluated in the period (evaluatedAt in it) that was correct: its reward, exactly
 *   the 'tag' credit the evaluation paid (rewardFactor rounded to hundredths);
 * - each bet on a poll decided in the period (evalTime in it, once settled): payout - stake, so a lost
 *   bet counts against the player and a won one with its profit only.
 * Nothing else counts: no grants, no event prizes, no money moved between wallets. Accuracy is correct /
 * evaluated predictions of the period. A player is ranked when they had an evaluated prediction or a
 * settled bet in the period; `rankPlayers` orders and shares ranks on ties.
 *
 * Events count only their titles (titleRestrictions, all when empty) and only their lifetime (from
 * their creation to their end time), so an event's all_time is the event itself.
 */

export interface RankingsContext {
  db: Db
  config: Pick<Config, 'timeZone'>
}

export interface RankingScope {
  groupId: number
  span: TimeSpan
  /** empty: every title */
  titleIds: readonly number[]
  /** from ranking_days (groups: whole local days, every title) rather than the decisions themselves */
  byDay: boolean
}

/** An event's lifetime; other groups have none (every time counts). */
export function lifetimeOf(group: UserGroupRow): TimeSpan {
  if (group.type !== 'event') return {}
  return { from: group.createdAt, ...(group.endTime === null ? {} : { to: group.endTime }) }
}

export function titlesOf(group: UserGroupRow): number[] {
  if (group.type !== 'event') return []
  return JSON.parse(group.titleRestrictions) as number[]
}

/** What the group's ranking over `span` counts. */
export function scopeFor(group: UserGroupRow, span: TimeSpan): RankingScope {
  return {
    groupId: group.id,
    span: intersectSpans(span, lifetimeOf(group)),
    titleIds: titlesOf(group),
    byDay: group.type !== 'event',
  }
}

export function periodScope(group: UserGroupRow, period: RankingPeriod, now: number, timeZone: string) {
  return scopeFor(group, periodSpan(period, now, timeZone))
}

/**
 * How far before a span's start a prediction evaluated in it may have been made. Evaluation is due a
 * fixed 3 h after creation (evaluatedAt = evaluationDueAt); the day of slack keeps this a mere narrowing
 * of the scan by the created_at index, whatever the delay, while the due time decides.
 */
const creationSlackMs = evaluationDelayMs + 86_400_000

function memberFilter(column: string, groupId: number): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (select m.user_id from group_members m
    where m.group_id = ${groupId} and m.status = 'active')`
}

function and(conditions: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql.join(conditions, sql` and `)
}

/**
 * Every active player's points (hundredths), correct and evaluated predictions, in one statement: of
 * groups from the days folded into ranking_days (a group's periods are whole local days), of events
 * (their titles, their lifetime) from the predictions and bets themselves.
 */
export function playerScores(db: Executor, scope: RankingScope): Promise<PlayerScore[]> {
  if (isEmptySpan(scope.span)) return Promise.resolve([])
  return scope.byDay ? scoresOfDays(db, scope) : scoresOfDecisions(db, scope)
}

async function scoresOfDays(db: Executor, scope: RankingScope): Promise<PlayerScore[]> {
  const { span, groupId } = scope
  if (span.from === undefined && span.to === undefined) return scoresOfAllTime(db, groupId)
  const where: RawBuilder<unknown>[] = [sql`true`]
  if (span.from !== undefined) where.push(sql`d.day_start >= ${span.from}`)
  if (span.to !== undefined) where.push(sql`d.day_start < ${span.to}`)
  // Every player is in group 1000: no membership to look up.
  if (groupId !== defaultGroupId) where.push(memberFilter('d.user_id', groupId))
  const { rows } = await sql<ScoreRow>`select d.user_id, u.username, sum(d.points) as points,
      sum(d.correct) as correct, sum(d.evaluated) as evaluated
    from ranking_days d join users u on u.id = d.user_id
    where ${and(where)}
    group by d.user_id, u.username`.execute(db)
  return rows.map(toScore)
}

/** All time: the fold's running totals, one row per player, however long the game has run. */
async function scoresOfAllTime(db: Executor, groupId: number): Promise<PlayerScore[]> {
  const member = groupId === defaultGroupId ? sql`true` : memberFilter('d.user_id', groupId)
  const { rows } = await sql<ScoreRow>`select d.user_id, u.username, d.points, d.correct, d.evaluated
    from ranking_totals d join users u on u.id = d.user_id
    where ${member}`.execute(db)
  return rows.map(toScore)
}

interface ScoreRow {
  userId: number
  username: string
  points: number
  correct: number
  evaluated: number
}

const toScore = (row: ScoreRow): PlayerScore => ({
  userId: Number(row.userId),
  username: row.username,
  points: Number(row.points),
  correct: Number(row.correct),
  evaluated: Number(row.evaluated),
})

async function scoresOfDecisions(db: Executor, scope: RankingScope): Promise<PlayerScore[]> {
  const { span, titleIds, groupId } = scope
  // evaluated: p.price is set, and evaluatedAt is the due time
  const predicted: RawBuilder<unknown>[] = [sql`p.price is not null`]
  const decided: RawBuilder<unknown>[] = [
    sql`p.settled_at is not null`,
    sql`v.user_id is not null`,
    sql`v.payout is not null`,
  ]
  // Every player is in group 1000: no membership to look up.
  if (groupId !== defaultGroupId) {
    predicted.push(memberFilter('t.user_id', groupId))
    decided.push(memberFilter('v.user_id', groupId))
  }
  if (span.from !== undefined) {
    predicted.push(
      sql`t.evaluation_due_at >= ${span.from}`,
      sql`t.created_at >= ${span.from - creationSlackMs}`,
    )
    decided.push(sql`p.eval_time >= ${span.from}`)
  }
  if (span.to !== undefined) {
    // created before it was evaluated
    predicted.push(sql`t.evaluation_due_at < ${span.to}`, sql`t.created_at < ${span.to}`)
    decided.push(sql`p.eval_time < ${span.to}`)
  }
  if (titleIds.length > 0) {
    predicted.push(sql`t.title_id in (${sql.join(titleIds)})`)
    decided.push(sql`p.title_id in (${sql.join(titleIds)})`)
  }
  const correct = isCorrectSql('t.trend', 't.at_price', 'p.price')
  const { rows } =
    await sql<ScoreRow>`select s.user_id, u.username, sum(s.points) as points, sum(s.correct) as correct,
      sum(s.evaluated) as evaluated
    from (
      select t.user_id, sum(case when ${correct} then ${creditHundredthsSql('t.reward_factor')} else 0 end) as points,
        sum(case when ${correct} then 1 else 0 end) as correct, count(*) as evaluated
      from tagged_messages t ${evaluationJoinSql()} where ${and(predicted)} group by t.user_id
      union all
      select v.user_id, sum(v.payout - v.ttc_bet) as points, 0 as correct, 0 as evaluated
      from polls p join votes v on v.poll_id = p.id where ${and(decided)} group by v.user_id
    ) s join users u on u.id = s.user_id
    group by s.user_id, u.username`.execute(db)
  return rows.map(toScore)
}

/** The ranking of a scope, computed now (the jobs use this; requests go through `cachedRanking`). */
export async function computeRanking(db: Executor, scope: RankingScope): Promise<RankingRow[]> {
  return rankPlayers(await playerScores(db, scope)).map((player) => ({
    rank: player.rank,
    userId: player.userId,
    username: player.username,
    points: fromHundredths(player.points),
    accuracy: Math.round(player.accuracy * 10_000) / 10_000,
  }))
}

/**
 * Rankings change with evaluations and settlements, not with every request: each process keeps the
 * latest one per group and period while the group's ranking version holds (five minutes at most, for
 * changes no version shows).
 */
const rankingMaxAgeMs = 5 * 60_000
const rankingCaches = new WeakMap<object, VersionedCache<RankingRow[]>>()

function rankingCacheOf(owner: object): VersionedCache<RankingRow[]> {
  let cache = rankingCaches.get(owner)
  if (!cache) {
    cache = new VersionedCache(rankingMaxAgeMs)
    rankingCaches.set(owner, cache)
  }
  return cache
}

/** The group's ranking of the period; call inside `inReadTransaction` with its executor. */
export function cachedRanking(
  ctx: RankingsContext,
  db: Executor,
  versions: GroupVersions,
  period: RankingPeriod,
  now: number,
): Promise<RankingRow[]> {
  const scope = periodScope(versions.group, period, now, ctx.config.timeZone)
  const key = `${scope.span.from ?? ''}/${scope.span.to ?? ''}/${versions.ranking}`
  return rankingCacheOf(ctx.db).get(`${versions.group.id}:${period}`, key, now, async () => ({
    value: await computeRanking(db, scope),
  }))
}

const rankIndexes = new WeakMap<readonly RankingRow[], Map<number, number>>()

/** The player's rank in the ranking, 0 when they are not ranked. */
export function rankIn(ranking: readonly RankingRow[], userId: number): number {
  let index = rankIndexes.get(ranking)
  if (!index) {
    index = new Map(ranking.map((row) => [row.userId, row.rank]))
    rankIndexes.set(ranking, index)
  }
  return index.get(userId) ?? 0
}

/** Versions of group 1000, which every player is in. */
export async function defaultGroupVersions(db: Executor): Promise<GroupVersions> {
  const versions = (await readGroupVersions(db, [defaultGroupId])).versions.get(defaultGroupId)
  if (!versions) throw new Error('group 1000 is missing')
  return versions
}

/** A trophy kind a player won, with how many times (spec §3 "Badge"). */
export interface Badge {
  groupName: string
  rank: number
  count: number
}

export interface Standing {
  /** rank in last week's ranking of group 1000, 0 when not ranked */
  rank: number
  /** rank in this week's ranking of group 1000 so far, 0 when not ranked */
  liveRank: number
  userBadges: Badge[]
}

/**
 * rank, liveRank and badges of players. Ranks are those of group 1000, the ranking every player is in,
 * so a player's ranks read the same to everybody whatever group they look from.
 */
export async function standingsOf(
  ctx: RankingsContext,
  db: Executor,
  userIds: readonly number[],
  now: number,
  versions?: GroupVersions,
): Promise<Map<number, Standing>> {
  const v = versions ?? (await defaultGroupVersions(db))
  const [live, last, badges] = await Promise.all([
    cachedRanking(ctx, db, v, 'this_week', now),
    cachedRanking(ctx, db, v, 'last_week', now),
    badgesOf(db, userIds),
  ])
  return new Map(
    userIds.map((id) => [
      id,
      { rank: rankIn(last, id), liveRank: rankIn(live, id), userBadges: badges.get(id) ?? [] },
    ]),
  )
}

/**
 * Each player's trophies as badges: per group and rank, how many weeks. Gold first, then by group
 * name; a deleted group's trophies keep the name it had.
 */
export async function badgesOf(db: Executor, userIds: readonly number[]): Promise<Map<number, Badge[]>> {
  const badges = new Map<number, Badge[]>()
  if (userIds.length === 0) return badges
  const rows = await db
    .selectFrom('trophies as t')
    .leftJoin('userGroups as g', 'g.id', 't.groupId')
    .select((eb) => [
      't.userId',
      't.groupId',
      't.rank',
      'g.name',
      eb.fn.max('t.groupName').as('keptName'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('t.userId', 'in', [...new Set(userIds)])
    .groupBy(['t.userId', 't.groupId', 't.rank', 'g.name'])
    .execute()
  const sorted = rows
    .map((row) => ({
      userId: Number(row.userId),
      badge: { groupName: row.name ?? row.keptName, rank: Number(row.rank), count: Number(row.count) },
    }))
    .sort(
      (a, b) => a.badge.rank - b.badge.rank || a.badge.groupName.localeCompare(b.badge.groupName, 'en-US'),
    )
  for (const { userId, badge } of sorted) {
    const list = badges.get(userId) ?? []
    list.push(badge)
    badges.set(userId, list)
  }
  return badges
}

/**
 * The recent champions: group 1000's top three of the latest week the trophies job awarded, by rank (the
 * stream's UserGroupWinners of that week; placeholders are the client's business). A week of nothing won
 * has none.
 */
export async function recentChampions(db: Executor) {
  const winners = await latestGroupWinners(db, defaultGroupId)
  return winners.slice(0, 3)
}
