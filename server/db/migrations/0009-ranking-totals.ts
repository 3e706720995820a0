import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each player's ranking_days added up, kept by the same fold: an all-time ranking reads one row per
  // player instead of every day the game has run (a year of a thousand players is 365,000 days).
  await db.schema
    .createTable('ranking_totals')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('evaluated', 'integer', (c) => c.notNull())
    .execute()
  await sql`insert into ranking_totals (user_id, points, correct, evaluated)
    select user_id, sum(points), sum(correct), sum(evaluated) from ranking_days group by user_id`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ranking_totals').execute()
}
