import type { Kysely } from 'kysely'

/**
 * An operator's suspension of an account (`npm run admin -- suspend`): `suspended_at` is when it began,
 * null for an account in good standing. A suspended account cannot sign in and has no session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('suspended_at', 'bigint').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('suspended_at').execute()
}
