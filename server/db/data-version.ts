import { sql } from 'kysely'
import { sqlitePartsOf } from './connect'
import type { Executor } from './database'
import { isPostgres } from './dialect'
import { preparedQuery } from './prepared-query'

/** PostgreSQL's part of the text: the snapshot, a column any statement can carry (see postgresDataVersion). */
export const snapshotColumn = sql<string>`pg_current_snapshot()::text`

/** The data version from a statement's `snapshotColumn`: as read before anything that statement read. */
export const postgresDataVersion = (snapshot: string) => `pg:${snapshot}`

const snapshotQuery = preparedQuery<Record<string, never>, { snapshot: string }>(
  () => sql`select ${snapshotColumn} as snapshot`,
)

const versionSql = `select total_changes() as changes,
    (select data_version from pragma_data_version) as version`

/**
 * A text that changes whenever anything was committed to the database, by this process or another, at
 * the cost of one tiny statement: lets a cache skip finer checks while nothing at all was written.
 * Any write counts (a session touch, a stored market message), so equal texts prove no change, while a
 * changed text proves nothing.
 * - SQLite: the rows this process's connection changed (total_changes) and data_version, which moves
 *   when another connection commits.
 * - PostgreSQL: the transaction's snapshot (xmin:xmax:running xids). Write transactions take ids, so a
 *   commit since changes it; read-only ones do not. Inside REPEATABLE READ it is the transaction's own.
 */
export async function dataVersion(db: Executor): Promise<string> {
  // SQLite outside a transaction: straight on the connection, without queueing for it behind a
  // transaction (a request polling the state must not wait for a job's commit to learn nothing
  // changed). Both counters only grow, uncommitted changes of a transaction under way included, so
  // equal texts still prove that nothing was committed in between.
  const statements = sqlitePartsOf(db)?.statements
  if (statements) {
    const row = statements.get(versionSql).get() as { changes: number; version: number } | undefined
    return `sqlite:${row?.changes ?? ''}:${row?.version ?? ''}`
  }
  if (isPostgres(db)) {
    const { rows } = await snapshotQuery(db, {})
    return postgresDataVersion(rows[0]?.snapshot ?? '')
  }
  const { rows } = await sql<{ changes: number; version: number }>`${sql.raw(versionSql)}`.execute(db)
  return `sqlite:${rows[0]?.changes ?? ''}:${rows[0]?.version ?? ''}`
}
