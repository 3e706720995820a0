import type { Kysely } from 'kysely'

/**
 * Players hand out their own invitation links: a code may name the group its new player starts in, and
 * its owner may withdraw it while it is open (the row stays, so the owner's list says so).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('invitation_codes')
    .addColumn('group_id', 'integer', (c) => c.references('user_groups.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('invitation_codes').addColumn('withdrawn_at', 'bigint').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitation_codes').dropColumn('withdrawn_at').execute()
  await db.schema.alterTable('invitation_codes').dropColumn('group_id').execute()
}
