import { type Kysely, sql } from 'kysely'
import { autoId } from './dialect'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('email_confirmed_at', 'bigint')
    .addColumn('email_opt_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('password_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('websocket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('fingerprint', 'text')
    .addColumn('active_group_id', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('invitation_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used_at', 'bigint')
    .execute()
  await db.schema.createIndex('invitation_codes_owner_id').on('invitation_codes').column('owner_id').execute()

  await db.schema
    .createTable('wallets')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('wallets_user_id').on('wallets').column('user_id').execute()

  await db.schema
    .createTable('ledger')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('wallet_address', 'text', (c) => c.notNull().references('wallets.address'))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('wager', 'tag', 'payment', 'grant', 'reward')`),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('ledger_wallet_created')
    .on('ledger')
    .columns(['wallet_address', 'created_at'])
    .execute()

  await db.schema
    .createTable('oauth_accounts')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_user_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_accounts_pk', ['provider', 'provider_user_id'])
    .execute()

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('login_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .execute()

  // The Bank: takes pots nobody won and rounding remainders; it belongs to no user.
  await db
    .insertInto('wallets' as never)
    .values({ address: 'bank', user_id: null, balance: 0, created_at: 0 } as never)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sign_in_failures',
    'oauth_accounts',
    'ledger',
    'wallets',
    'invitation_codes',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
