import { type Kysely, sql } from 'kysely'

const counters = ['bets_up', 'bets_flat', 'bets_down', 'ttc_bet_total'] as const

/**
 * Each poll's results (players per side and the pot) as running totals on the poll row, which a bet
 * adds to in its own transaction: a bet and the state's poll list read them instead of grouping the
 * poll's bets. Existing polls get the totals of their bets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // one column per statement: SQLite adds one at a time
  for (const column of counters)
    await db.schema
      .alterTable('polls')
      .addColumn(column, 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`${sql.ref(column)} >= 0`),
      )
      .execute()
  const count = (side: string) =>
    sql`(select count(*) from votes v where v.poll_id = polls.id and v.vote = ${sql.lit(side)})`
  await sql`update polls set bets_up = ${count('up')}, bets_flat = ${count('flat')},
    bets_down = ${count('down')},
    ttc_bet_total = coalesce((select sum(v.ttc_bet) from votes v where v.poll_id = polls.id), 0)
    where exists (select 1 from votes v where v.poll_id = polls.id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...counters].reverse())
    await db.schema.alterTable('polls').dropColumn(column).execute()
}
