import { type SelectQueryBuilder, sql } from 'kysely'
import type { Database, Executor } from '../db/database'

/**
 * A group's stream reads its members' own rows (predictions, bets) newest first. Filtering a time index
 * by membership walks everyone's rows, and reading the members' (user, time) index as one range takes
 * each member's whole history and sorts it, both growing forever. So each member's rows are read on their
 * own, through that index from the newest, at most `limit` of them (a member can't have more on a page),
 * and merged: a page per member at most, on any planner. SQLite has no LATERAL, so the members are
 * spelled out: one UNION ALL branch each, a statement per `membersPerStatement`.
 */

/** SQLite takes at most 500 terms in one compound select. */
const membersPerStatement = 100

/**
 * The newest `limit` (all, without) rows of `query` over the members, newest first by `timeColumn`;
 * `query(userId)` reads one member's rows, ordered by `timeColumn` descending and selecting it. Rows of
 * one time at the end of the page may be any of them, as from one ordered read.
 */
export async function membersNewest<Row extends Record<string, unknown>>(
  db: Executor,
  memberIds: readonly number[],
  query: (userId: number) => SelectQueryBuilder<Database, never, Row>,
  timeColumn: keyof Row & string,
  limit: number | undefined,
): Promise<Row[]> {
  const rows: Row[] = []
  const limited = (userId: number) => (limit === undefined ? query(userId) : query(userId).limit(limit))
  for (let i = 0; i < memberIds.length; i += membersPerStatement) {
    // a branch's own ORDER BY and LIMIT need a subquery around it in a compound select
    const branches = memberIds
      .slice(i, i + membersPerStatement)
      .map((userId) => sql`select * from ${limited(userId)} as m`)
    const page = limit === undefined ? sql`` : sql` limit ${limit}`
    const { rows: found } = await sql<Row>`${sql.join(branches, sql` union all `)}
      order by ${sql.ref(timeColumn)} desc${page}`.execute(db)
    rows.push(...found)
  }
  if (memberIds.length <= membersPerStatement) return rows
  rows.sort((a, b) => Number(b[timeColumn]) - Number(a[timeColumn]))
  return limit === undefined ? rows : rows.slice(0, limit)
}
