import { type Kysely, sql } from 'kysely'
import { autoId } from './dialect'

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per group and finished ISO week the trophy job has looked at: the claim that makes the award
  // happen once, even with two processes, and the record of weeks with too few players for trophies.
  await db.schema
    .createTable('trophy_weeks')
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('week_start', 'bigint', (c) => c.notNull())
    .addColumn('active_players', 'integer', (c) => c.notNull())
    .addColumn('awarded_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('trophy_weeks_pk', ['group_id', 'week_start'])
    .execute()

  // Gold (1), silver (2) and bronce (3) of a group's week. No foreign key to the group: a trophy outlives
  // the group it was won in (its name is kept); players sharing a rank share the medal, hence the key on
  // the player rather than on the rank.
  await db.schema
    .createTable('trophies')
    .addColumn('id', 'integer', autoId(db))
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('week_start', 'bigint', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull().check(sql`rank between 1 and 3`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('awarded_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('trophies_group_week_user', ['group_id', 'week_start', 'user_id'])
    .execute()
  await db.schema.createIndex('trophies_user_id').on('trophies').column('user_id').execute()

  // What each player won per local day (the game's time zone): the rankings of groups add these up
  // instead of scanning a week of predictions. Folded in by a job, in due order, up to the watermarks
  // of ranking_folds: everything before them is evaluated or settled and counted exactly once.
  await db.schema
    .createTable('ranking_days')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day_start', 'bigint', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('evaluated', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ranking_days_pk', ['user_id', 'day_start'])
    .execute()
  await db.schema
    .createIndex('ranking_days_day_start')
    .on('ranking_days')
    .columns(['day_start', 'user_id'])
    .execute()
  await db.schema
    .createTable('ranking_folds')
    .addColumn('kind', 'text', (c) => c.primaryKey().check(sql`kind in ('predictions', 'polls')`))
    .addColumn('upto', 'bigint', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .execute()

  // Simulated players: real accounts (no password, no social identity: they cannot sign in).
  await db.schema
    .createTable('bots')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('style', 'text', (c) => c.notNull().check(sql`style in ('trend', 'contrarian', 'random')`))
    .addColumn('skill', 'double precision', (c) => c.notNull())
    .addColumn('last_acted_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()

  // The activity stream pages through predictions, bets and polls newest first, and the weekly rankings
  // read a week of predictions by creation time (an evaluation is due exactly 3 h after it): none of these
  // columns changes after the insert (settled_at once), so the indexes cost the writes next to nothing.
  await db.schema
    .createIndex('tagged_messages_created_at')
    .on('tagged_messages')
    .column('created_at')
    .execute()
  await db.schema.createIndex('votes_created_at').on('votes').column('created_at').execute()
  await db.schema.createIndex('polls_start_time').on('polls').column('start_time').execute()
  await db.schema.createIndex('polls_settled_at').on('polls').column('settled_at').execute()
  await db.schema.createIndex('polls_eval_time').on('polls').column('eval_time').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'polls_eval_time',
    'polls_settled_at',
    'polls_start_time',
    'votes_created_at',
    'tagged_messages_created_at',
  ])
    await db.schema.dropIndex(index).execute()
  for (const table of ['bots', 'ranking_folds', 'ranking_days', 'trophies', 'trophy_weeks'])
    await db.schema.dropTable(table).execute()
}
