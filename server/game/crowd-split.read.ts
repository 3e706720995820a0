import { sql } from 'kysely'
import type { CrowdHour, CrowdQuery } from '../../src/api/crowd'
import type { Executor } from '../db/database'

const hourMs = 3_600_000

/** The grouped count of crowdSplitOf: one title's rows of the range, by the (title, created) index alone. */
export function crowdSplitQuery(db: Executor, titleId: number, range: CrowdQuery) {
  const hour = sql<number>`created_at - created_at % ${sql.lit(hourMs)}`
  return db
    .selectFrom('taggedMessages')
    .select([
      hour.as('hour'),
      sql<number>`sum(case when trend = 'Up' then 1 else 0 end)`.as('up'),
      sql<number>`sum(case when trend = 'Down' then 1 else 0 end)`.as('down'),
    ])
    .where('titleId', '=', titleId)
    .where('createdAt', '>=', range.from)
    .where('createdAt', '<', range.to)
    .groupBy(hour)
    .orderBy(hour)
}

/**
 * The crowd on a title per hour of `[from, to)`: how many predictions were made Up and how many Down in
 * each hour (by when they were made), hours without any left out, in time order.
 */
export async function crowdSplitOf(db: Executor, titleId: number, range: CrowdQuery): Promise<CrowdHour[]> {
  const rows = await crowdSplitQuery(db, titleId, range).execute()
  // PostgreSQL answers bigint sums as strings
  return rows.map((row) => ({ hour: Number(row.hour), up: Number(row.up), down: Number(row.down) }))
}
