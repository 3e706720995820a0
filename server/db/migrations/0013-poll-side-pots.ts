import { type Kysely, sql } from 'kysely'

const pots = { ttc_bet_up: 'up', ttc_bet_flat: 'flat', ttc_bet_down: 'down' } as const

/**
 * Each poll's pot per side (hundredths staked on up, flat and down) as running totals on the poll row,
 * beside 0008's counts, which a bet adds to in its own transaction: a poll card shows what each side
 * pays per TTC (src/domain/parimutuel.ts) without grouping the poll's bets. Existing polls get the sums
 * of their bets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // one column per statement: SQLite adds one at a time
  for (const column of Object.keys(pots))
    await db.schema
      .alterTable('polls')
      .addColumn(column, 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`${sql.ref(column)} >= 0`),
      )
      .execute()
  const staked = (side: string) =>
    sql`coalesce((select sum(v.ttc_bet) from votes v where v.poll_id = polls.id and v.vote = ${sql.lit(side)}), 0)`
  await sql`update polls set ttc_bet_up = ${staked(pots.ttc_bet_up)},
    ttc_bet_flat = ${staked(pots.ttc_bet_flat)}, ttc_bet_down = ${staked(pots.ttc_bet_down)}
    where exists (select 1 from votes v where v.poll_id = polls.id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of Object.keys(pots).reverse())
    await db.schema.alterTable('polls').dropColumn(column).execute()
}
