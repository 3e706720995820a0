import { type Kysely, sql } from 'kysely'

/**
 * Web push (server/push): the browsers that subscribed, each tied to the session that did, so that a
 * session's end (sign-out, idle timeout, password change, account deletion) ends its pushes too. The
 * daily closeout now goes as a push too: players who had asked for it only that way (0023 made only the
 * e-mail ones due) are due from now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'text', (c) => c.primaryKey())
    .addColumn('session_id_hash', 'text', (c) =>
      c.notNull().references('sessions.id_hash').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('push_subscriptions_user_id')
    .on('push_subscriptions')
    .column('user_id')
    .execute()
  await db.schema
    .createIndex('push_subscriptions_session_id_hash')
    .on('push_subscriptions')
    .column('session_id_hash')
    .execute()
  const { rows } = await sql<{ id: number; settings: string }>`
    select id, settings from users where closeout_next_day is null and settings like ${'%dailyCloseout%'}`.execute(
    db,
  )
  const asked = rows
    .filter((row) => JSON.parse(row.settings)?.notifications?.dailyCloseout?.push === true)
    .map((row) => row.id)
  if (asked.length > 0)
    await sql`update users set closeout_next_day = 0 where id in (${sql.join(asked)})`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute()
}
