import type { Kysely } from 'kysely'

/**
 * A group's chronic reads each member's newest bets on their own, newest first: by this index only a
 * page of each, where the (user, poll) index read every bet they ever made and sorted them. The group's
 * trophy weeks are read newest award first by the second, without sorting every week it ever had.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('votes_user_created').on('votes').columns(['user_id', 'created_at']).execute()
  await db.schema
    .createIndex('trophy_weeks_group_awarded')
    .on('trophy_weeks')
    .columns(['group_id', 'awarded_at', 'week_start'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trophy_weeks_group_awarded').execute()
  await db.schema.dropIndex('votes_user_created').execute()
}
