import { connectDatabase } from '../../server/db/connect'
import type { Db } from '../../server/db/database'
import { migrateToLatest } from '../../server/db/migrate'
import { createPostgresDatabase, type TestDialect } from './databases'

/**
 * A database of its own for a suite, without a server: SQLite in memory, or a fresh PostgreSQL database
 * (dropped by `close`); migrated unless `migrate` is false.
 */
export async function openTestDatabase(
  dialect: TestDialect,
  { migrate = true } = {},
): Promise<{ db: Db; close: () => Promise<void> }> {
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined
  const db = connectDatabase({ databaseUrl: postgres?.url, dataDir: ':memory:' })
  if (migrate) await migrateToLatest(db)
  return {
    db,
    close: async () => {
      await db.destroy()
      await postgres?.drop()
    },
  }
}
