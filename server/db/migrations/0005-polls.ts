import { type Kysely, sql } from 'kysely'
import { autoId } from './dialect'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('polls')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('title_id', 'integer', (c) => c.notNull())
    .addColumn('price_base', 'double precision', (c) => c.notNull().check(sql`price_base > 0`))
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addColumn('eval_time', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('eval_price', 'double precision')
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome in ('up', 'flat', 'down')`))
    .addColumn('settled_at', 'bigint')
    // Two scheduler processes opening the same poll: the second insert does nothing.
    .addUniqueConstraint('polls_title_start', ['title_id', 'start_time'])
    .execute()
  await db.schema.createIndex('polls_end_time').on('polls').column('end_time').execute()
  // The settlement job's question: which polls are due and not settled yet.
  await db.schema
    .createIndex('polls_unsettled_eval_time')
    .on('polls')
    .column('eval_time')
    .where(sql.ref('settled_at'), 'is', null)
    .execute()

  await db.schema
    .createTable('votes')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('poll_id', 'integer', (c) => c.notNull().references('polls.id'))
    // Null once the account is deleted: the stake stays in the pot (NULLs are distinct in the unique key).
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('wallet_address', 'text', (c) => c.notNull().references('wallets.address'))
    .addColumn('vote', 'text', (c) => c.notNull().check(sql`vote in ('up', 'flat', 'down')`))
    .addColumn('ttc_bet', 'bigint', (c) => c.notNull().check(sql`ttc_bet > 0`))
    .addColumn('payout', 'bigint', (c) => c.check(sql`payout >= 0`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // One bet per player and poll, decided by the key, not by a check before the insert.
    .addUniqueConstraint('votes_poll_user', ['poll_id', 'user_id'])
    .execute()
  await db.schema.createIndex('votes_user_poll').on('votes').columns(['user_id', 'poll_id']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('votes').execute()
  await db.schema.dropTable('polls').execute()
}
