import type { Kysely } from 'kysely'
import { autoId } from './dialect'

/**
 * The operator's announcements (`npm run admin -- announce`): a line every player sees above the game
 * until it ends (`ends_at`, null: until the next one or a clear) or they dismiss it. The newest one that
 * has not ended is shown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('announcements').execute()
}
