import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Migrator } from 'kysely'
import { connectDatabase } from '../../server/db/connect'
import type { Db } from '../../server/db/database'
import { migrations } from '../../server/db/migrations/index'
import { createPostgresDatabase, type TestDialect } from './databases'

/**
 * A fresh database of `dialect` migrated up to just before migration `name`, to fill with rows of the
 * old schema and then migrate to the latest. `cleanups` gets what removes it (run them in reverse).
 */
export async function databaseBefore(
  dialect: TestDialect,
  name: string,
  cleanups: (() => Promise<void>)[],
): Promise<Db> {
  const dataDir = mkdtempSync(join(tmpdir(), 'alpha-migration-'))
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  const pg = dialect === 'postgres' ? await createPostgresDatabase() : undefined
  if (pg) cleanups.push(pg.drop)
  const db = connectDatabase({ dataDir, databaseUrl: pg?.url })
  cleanups.push(() => db.destroy())
  const migrator = new Migrator({
    db: db.withoutPlugins(),
    provider: { getMigrations: async () => migrations },
  })
  const before = Object.keys(migrations)
    .sort()
    .filter((migration) => migration < name)
    .pop()
  if (!before) throw new Error(`no migration before ${name}`)
  const result = await migrator.migrateTo(before)
  if (result.error) throw result.error
  return db
}
