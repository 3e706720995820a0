import type { Kysely } from 'kysely'

/**
 * The job that drops idle sessions and forgotten sign-in failures finds them, oldest first and a chunk
 * at a time, by these indexes instead of reading both tables whole every pass.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sessions_last_seen_at').on('sessions').column('last_seen_at').execute()
  await db.schema
    .createIndex('sign_in_failures_last_failure_at')
    .on('sign_in_failures')
    .column('last_failure_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sign_in_failures_last_failure_at').execute()
  await db.schema.dropIndex('sessions_last_seen_at').execute()
}
