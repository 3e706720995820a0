import { type Kysely, sql } from 'kysely'

/**
 * The daily closeout by e-mail (server/game/daily-closeout.ts): `closeout_next_day` is 00:00 (epoch ms,
 * the game's zone) of the next day whose closeout the player gets, null for a player who did not ask
 * for it. The job finds the players whose day has ended by its index, without reading every player's
 * settings. Players who had already asked (the setting existed, nothing was sent) are due from now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('closeout_next_day', 'bigint').execute()
  await db.schema.createIndex('users_closeout_next_day').on('users').column('closeout_next_day').execute()
  const { rows } = await sql<{ id: number; settings: string }>`
    select id, settings from users where settings like ${'%dailyCloseout%'}`.execute(db)
  const asked = rows
    .filter((row) => JSON.parse(row.settings)?.notifications?.dailyCloseout?.email === true)
    .map((row) => row.id)
  if (asked.length > 0)
    await sql`update users set closeout_next_day = 0 where id in (${sql.join(asked)})`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_closeout_next_day').execute()
  await db.schema.alterTable('users').dropColumn('closeout_next_day').execute()
}
