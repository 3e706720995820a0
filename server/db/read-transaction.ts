import { sql } from 'kysely'
import { poolWaitTimer } from '../metrics/pool-wait'
import type { Db, Executor } from './database'
import { isPostgres } from './dialect'

/**
 * Runs `work` on one snapshot of the database: every read inside sees the same commit. PostgreSQL:
 * REPEATABLE READ READ ONLY. SQLite: a deferred BEGIN on the one connection, which takes no write lock
 * (the app's transactions BEGIN IMMEDIATE; a read must not queue behind writers nor hold them up).
 *
 * Inside, use only the executor given to `work`: on SQLite the connection is held until it returns, so
 * a query on the database itself would wait for it forever.
 */
export async function inReadTransaction<T>(db: Db, work: (executor: Executor) => Promise<T>): Promise<T> {
  const held = poolWaitTimer(db)
  if (isPostgres(db)) {
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute((tx) => {
        held()
        return work(tx)
      })
  }
  return db.connection().execute(async (connection) => {
    held()
    await sql`begin`.execute(connection)
    try {
      const result = await work(connection)
      await sql`commit`.execute(connection)
      return result
    } catch (error) {
      await sql`rollback`.execute(connection)
      throw error
    }
  })
}
