import type { Kysely } from 'kysely'

/**
 * Every untagged list reads the ids of the newest stored messages, newest first with the id breaking
 * ties: by this index a page from its end, where the index on the time alone read the whole day's
 * messages and sorted them (380 µs a call on SQLite). It holds the time index's column first, so that
 * one goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('market_messages_newest')
    .on('market_messages')
    .columns(['created_at', 'message_id'])
    .execute()
  await db.schema.dropIndex('market_messages_created_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('market_messages_created_at')
    .on('market_messages')
    .column('created_at')
    .execute()
  await db.schema.dropIndex('market_messages_newest').execute()
}
