import { type Kysely, sql } from 'kysely'
import { isPostgres } from './dialect'

/**
 * A prediction's evaluation moves off its row. Its price is a function of its title and due minute, so
 * it is kept once per (title, due minute) in `evaluation_prices`, and the job's progress in
 * `evaluation_progress`: evaluating a backlog writes a few thousand price rows and the ledger, not every
 * prediction again (on SQLite, writing the rows a second time made evaluation 2.5 times one raw UPDATE;
 * see bench/README.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const price = isPostgres(db) ? 'double precision' : 'real'
  // covered_to: the end of the last due-time window that held this key. The key's predictions due by then
  // are evaluated at `price`; null: the market had no price yet, and the job asks again on every run.
  let prices = db.schema
    .createTable('evaluation_prices')
    .addColumn('title_id', 'integer', (c) => c.notNull())
    .addColumn('due_minute', 'bigint', (c) => c.notNull())
    .addColumn('price', sql.raw(price))
    .addColumn('covered_to', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('evaluation_prices_pk', ['title_id', 'due_minute'])
  if (!isPostgres(db)) prices = prices.modifyEnd(sql`without rowid`)
  await prices.execute()
  await db.schema
    .createIndex('evaluation_prices_pending')
    .on('evaluation_prices')
    .columns(['title_id', 'due_minute'])
    .where(sql.ref('price'), 'is', null)
    .execute()
  // One row: every prediction due by evaluated_to has a key row above (priced or pending).
  await db.schema
    .createTable('evaluation_progress')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('evaluated_to', 'bigint', (c) => c.notNull())
    .execute()

  await sql`insert into evaluation_progress (id, evaluated_to)
    select 1, coalesce(max(evaluated_at), 0) from tagged_messages`.execute(db)
  // Every evaluation so far set the same price on a key's predictions; a key whose due predictions all
  // lacked a price becomes pending.
  await sql`insert into evaluation_prices (title_id, due_minute, price, covered_to)
    select title_id, evaluation_due_at - evaluation_due_at % 60000, max(eval_price), max(evaluation_due_at)
    from tagged_messages
    where evaluation_due_at <= (select evaluated_to from evaluation_progress)
    group by title_id, evaluation_due_at - evaluation_due_at % 60000`.execute(db)

  await db.schema.dropIndex('tagged_messages_due').execute()
  await db.schema.alterTable('tagged_messages').dropColumn('eval_price').execute()
  await db.schema.alterTable('tagged_messages').dropColumn('evaluated_at').execute()
  // The job walks the predictions in due order from its progress on, with the title for the prices.
  await db.schema
    .createIndex('tagged_messages_due')
    .on('tagged_messages')
    .columns(['evaluation_due_at', 'title_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const price = isPostgres(db) ? 'double precision' : 'real'
  await db.schema.dropIndex('tagged_messages_due').execute()
  await db.schema.alterTable('tagged_messages').addColumn('eval_price', sql.raw(price)).execute()
  await db.schema.alterTable('tagged_messages').addColumn('evaluated_at', 'bigint').execute()
  await sql`update tagged_messages set
      eval_price = (select p.price from evaluation_prices p where p.title_id = tagged_messages.title_id
        and p.due_minute = tagged_messages.evaluation_due_at - tagged_messages.evaluation_due_at % 60000
        and p.covered_to >= tagged_messages.evaluation_due_at)`.execute(db)
  await sql`update tagged_messages set evaluated_at = evaluation_due_at where eval_price is not null`.execute(
    db,
  )
  await db.schema
    .createIndex('tagged_messages_due')
    .on('tagged_messages')
    .columns(['evaluation_due_at', 'title_id'])
    .where(sql.ref('evaluated_at'), 'is', null)
    .execute()
  await db.schema.dropTable('evaluation_progress').execute()
  await db.schema.dropTable('evaluation_prices').execute()
}
