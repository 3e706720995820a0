import { type Kysely, type MigrationResultSet, Migrator } from 'kysely'
import { migrations } from './migrations/index'

export class MigrationError extends Error {}

/** Brings the schema up to date; migrations write snake_case SQL themselves, so they run without plugins. */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema-less Kysely, as Kysely's own docs do
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: db.withoutPlugins(),
    provider: { getMigrations: async () => migrations },
  })
  const result = await migrator.migrateToLatest()
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown'
    throw new MigrationError(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error })
  }
  return result
}
