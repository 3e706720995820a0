import type { Kysely } from 'kysely'

/**
 * An Idempotency-Key is bound to the request it answered: its method, concrete path (`.../polls/7/vote`,
 * not the route pattern) and a hash of its body, so the key reused for another poll or another body is
 * refused instead of replaying an answer to a request that was never carried out.
 *
 * The keys stored until now knew only the route pattern, so they cannot be checked that way: they are
 * dropped with the table. A key lives a day and a client retries within seconds, so at worst a retry that
 * straddles the upgrade gets the write's own answer ("already placed") instead of the replay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute()
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute()
  await createdAtIndex(db)
}

/** Back to the shape of 0003; the keys go, as on the way up. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute()
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute()
  await createdAtIndex(db)
}

/** For the daily prune. */
function createdAtIndex(db: Kysely<unknown>) {
  return db.schema
    .createIndex('idempotency_keys_created_at')
    .on('idempotency_keys')
    .column('created_at')
    .execute()
}
