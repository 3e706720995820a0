import { type Kysely, sql } from 'kysely'
import { isPostgres } from './dialect'

export async function up(db: Kysely<unknown>): Promise<void> {
  // Prices are compared with < and > against each other: an 8-byte IEEE double keeps every price as the
  // market gave it on both dialects (SQLite's REAL is one).
  const price = isPostgres(db) ? 'double precision' : 'real'
  await db.schema
    .createTable('tagged_messages')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('trend', 'text', (c) => c.notNull().check(sql`trend in ('Up', 'Down')`))
    .addColumn('at_price', sql.raw(price), (c) => c.notNull())
    .addColumn('eval_price', sql.raw(price))
    .addColumn('evaluated_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('evaluation_due_at', 'bigint', (c) => c.notNull())
    .addColumn('reward_factor', sql.raw(price), (c) => c.notNull())
    // One prediction per user, title and message. Message before title: the same uniqueness, and the key
    // also answers "which of these messages has the user tagged" (untagged messages) by (user, message).
    .addPrimaryKeyConstraint('tagged_messages_pk', ['user_id', 'message_id', 'title_id'])
    .execute()
  // The evaluation job walks the running predictions in due order (with the title, for the prices it
  // needs); evaluated ones leave this index. No index of running predictions per user: every evaluation
  // batch would rewrite pages all over it.
  await db.schema
    .createIndex('tagged_messages_due')
    .on('tagged_messages')
    .columns(['evaluation_due_at', 'title_id'])
    .where(sql.ref('evaluated_at'), 'is', null)
    .execute()
  // A player's recent predictions: the user payload's last 7 days, the running ones not due yet.
  await db.schema
    .createIndex('tagged_messages_user_created')
    .on('tagged_messages')
    .columns(['user_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tagged_messages').execute()
}
