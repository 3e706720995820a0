import { type Kysely, sql } from 'kysely'
import { autoId, isPostgres } from './dialect'

/** Group 1000 'Alpha': public, every player a member, nobody its admin. */
const defaultGroupId = 1000

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_groups')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('userGroup', 'event', 'poll')`))
    .addColumn('public_group', 'integer', (c) => c.notNull().defaultTo(0).check(sql`public_group in (0, 1)`))
    .addColumn('avatar_file', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('end_time', 'bigint')
    .addColumn('title_restrictions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('extra_prize', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`extra_prize >= 0`))
    .addColumn('prize_paid_at', 'bigint')
    .execute()
  await db.schema.createIndex('user_groups_public_group').on('user_groups').column('public_group').execute()

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_admin in (0, 1)`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'invited')`))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute()
  await db.schema.createIndex('group_members_user_id').on('group_members').column('user_id').execute()

  await db
    .insertInto('user_groups' as never)
    .values({
      id: defaultGroupId,
      name: 'Alpha',
      type: 'userGroup',
      public_group: 1,
      created_at: Date.now(),
      created_by: null,
    } as never)
    .execute()
  // SQLite's AUTOINCREMENT counter follows the explicit id by itself; PostgreSQL's identity does not.
  if (isPostgres(db)) {
    await sql`select setval(pg_get_serial_sequence('user_groups', 'id'), ${sql.lit(defaultGroupId)})`.execute(
      db,
    )
  }
  await sql`insert into group_members (group_id, user_id, is_admin, status, joined_at)
    select ${sql.lit(defaultGroupId)}, id, 0, 'active', created_at from users`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_members').execute()
  await db.schema.dropTable('user_groups').execute()
}
