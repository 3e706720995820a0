import type { Kysely } from 'kysely'

/**
 * An invitation to a group remembers the admin who sent it, so the invited player reads "X invited you
 * to Y". Older invitations and every other membership have none; a deleted inviter leaves none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('group_members')
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('group_members').dropColumn('invited_by').execute()
}
