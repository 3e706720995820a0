import { type Kysely, sql } from 'kysely'
import { autoId } from './dialect'

/**
 * Books anyone can check (issue 20.4):
 * - `ledger.chain_hash`: each ledger row's link in a hash chain over the ledger in id order, set by the
 *   seal job after the row is written (never on the request path), and `ledger_seal` the sealed head;
 * - `settlements`: one record per poll settlement and evaluation batch, written in its transaction, with
 *   the price snapshot it used, its stakes and payouts, chained to the record before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ledger').addColumn('chain_hash', 'text').execute()
  // One row: the ledger is sealed up to sealed_to, whose row's chain_hash is head_hash.
  await db.schema
    .createTable('ledger_seal')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('sealed_to', 'bigint', (c) => c.notNull())
    .addColumn('head_hash', 'text', (c) => c.notNull())
    .execute()
  await sql`insert into ledger_seal (id, sealed_to, head_hash) values (1, 0, '')`.execute(db)
  await db.schema
    .createTable('settlements')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('poll', 'evaluation')`))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('price_source', 'text', (c) => c.notNull())
    .addColumn('price_time', 'bigint', (c) => c.notNull())
    .addColumn('prices', 'text', (c) => c.notNull())
    .addColumn('stakes', 'bigint', (c) => c.notNull())
    .addColumn('payouts', 'bigint', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('settlements_reference').on('settlements').column('reference').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settlements').execute()
  await db.schema.dropTable('ledger_seal').execute()
  await db.schema.alterTable('ledger').dropColumn('chain_hash').execute()
}
