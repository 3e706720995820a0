import type { Kysely } from 'kysely'

/**
 * The group a player switched to last, on their account: a new session (another device, a sign-in
 * after a logout) plays there again instead of in the default group, while they are an active member
 * of it. No foreign key: a group deleted or left is simply not taken (the membership decides).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_active_group_id', 'integer').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('last_active_group_id').execute()
}
