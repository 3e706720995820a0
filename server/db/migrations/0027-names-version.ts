import { type Kysely, sql } from 'kysely'

/**
 * `names_version`: one row whose number moves when the players the game names change without a row of
 * their own changing with them: an operator's rename, a deleted account. The versions of every group read
 * it, so rankings and activity streams show such a change at the next state call instead of after their
 * caches' safety net of minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('names_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute()
  await sql`insert into names_version (id, version) values (1, 0)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('names_version').execute()
}
