import type { ActivityStreamElement } from '../../src/api/activity'
import { fromHundredths } from '../../src/domain/currency'
import type { Executor } from '../db/database'

/**
 * A group's weekly winners are its trophies: the trophies job writes them once per group and week, in
 * the transaction that claims the week (trophy_weeks), so what is read here is never written twice and
 * never half. The activity stream shows them as UserGroupWinners elements, the recent champions are
 * group 1000's latest.
 */

export interface GroupWinner {
  userId: number
  username: string
  rank: number
  /** TTC won that week */
  points: number
}

/**
 * Which weeks a stream page reads: awarded before `before`, or exactly at `at`; at most `limit`; none
 * awarded before `since`.
 */
export interface AwardWindow {
  before?: number
  at?: number
  limit?: number
  since?: number
}

/** A week's winners and the group's name when they won. */
interface WeekWinners {
  groupName: string
  winners: GroupWinner[]
}

/** The winners of the group's given weeks, per week start, by rank and then name (as rankings list ties). */
async function winnersOfWeeks(
  db: Executor,
  groupId: number,
  weekStarts: readonly number[],
): Promise<Map<number, WeekWinners>> {
  const byWeek = new Map<number, WeekWinners>()
  if (weekStarts.length === 0) return byWeek
  const rows = await db
    .selectFrom('trophies as t')
    .innerJoin('users as u', 'u.id', 't.userId')
    .select(['t.weekStart', 't.groupName', 't.userId', 'u.username', 't.rank', 't.points'])
    .where('t.groupId', '=', groupId)
    .where('t.weekStart', 'in', weekStarts)
    .execute()
  rows.sort((a, b) => a.rank - b.rank || a.username.localeCompare(b.username, 'en-US') || a.userId - b.userId)
  for (const row of rows) {
    const weekStart = Number(row.weekStart)
    const week = byWeek.get(weekStart) ?? { groupName: row.groupName, winners: [] }
    week.winners.push({
      userId: row.userId,
      username: row.username,
      rank: row.rank,
      points: fromHundredths(Number(row.points)),
    })
    byWeek.set(weekStart, week)
  }
  return byWeek
}

/**
 * The group's UserGroupWinners elements, newest award first: one per week that had winners, at the time
 * the week was awarded. A week whose winners all deleted their accounts has none left to show.
 */
export async function groupWinnerElements(
  db: Executor,
  groupId: number,
  window: AwardWindow,
): Promise<ActivityStreamElement[]> {
  let query = db
    .selectFrom('trophyWeeks as w')
    .select(['w.weekStart', 'w.awardedAt'])
    .where('w.groupId', '=', groupId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('trophies as t')
          .select('t.id')
          .whereRef('t.groupId', '=', 'w.groupId')
          .whereRef('t.weekStart', '=', 'w.weekStart'),
      ),
    )
  if (window.at !== undefined) query = query.where('w.awardedAt', '=', window.at)
  else if (window.before !== undefined) query = query.where('w.awardedAt', '<', window.before)
  if (window.since !== undefined) query = query.where('w.awardedAt', '>=', window.since)
  if (window.limit !== undefined) query = query.limit(window.limit)
  const weeks = await query.orderBy('w.awardedAt', 'desc').orderBy('w.weekStart', 'desc').execute()
  if (weeks.length === 0) return []
  const winners = await winnersOfWeeks(
    db,
    groupId,
    weeks.map((week) => Number(week.weekStart)),
  )
  return weeks.flatMap((week) => {
    const weekStart = Number(week.weekStart)
    const found = winners.get(weekStart)
    if (!found) return []
    return [
      {
        type: 'UserGroupWinners' as const,
        timestamp: Number(week.awardedAt),
        data: { groupId, groupName: found.groupName, weekStart, winners: found.winners },
      },
    ]
  })
}

/**
 * The winners of the group's latest awarded week (none if that week had none): they stay the champions
 * until the next week is awarded.
 */
export async function latestGroupWinners(db: Executor, groupId: number): Promise<GroupWinner[]> {
  const latest = await db
    .selectFrom('trophyWeeks')
    .select('weekStart')
    .where('groupId', '=', groupId)
    .orderBy('weekStart', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!latest) return []
  const weekStart = Number(latest.weekStart)
  return (await winnersOfWeeks(db, groupId, [weekStart])).get(weekStart)?.winners ?? []
}
