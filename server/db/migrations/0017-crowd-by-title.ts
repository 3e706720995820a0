import type { Kysely } from 'kysely'

/**
 * The crowd on a title per hour (the ticker chart's histogram) counts one title's predictions over a
 * range of days: by this index it reads only that title's rows, and only the index (trend included),
 * where the created-at index read every title's predictions of the range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('tagged_messages_title_created')
    .on('tagged_messages')
    .columns(['title_id', 'created_at', 'trend'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tagged_messages_title_created').execute()
}
