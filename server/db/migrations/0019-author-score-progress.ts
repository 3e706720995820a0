import { type Kysely, sql } from 'kysely'
import { isPostgres } from './dialect'

/**
 * The author scores are counted incrementally, in slices of the evaluation's progress, where the job
 * recounted every judged prediction once a minute:
 * - how far (in due time) the job has counted the evaluated predictions;
 * - each decided (message, title)'s current verdict, so that a verdict that changes moves its author's
 *   counts by the difference;
 * - messages to count again whatever the progress: their predictions went with a deleted account, or
 *   were judged behind the count's progress (a pending key priced late).
 * Every author's counts start again from zero and the job catches up with the judged predictions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('author_score_progress')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('counted_to', 'bigint', (c) => c.notNull())
    .execute()
  await sql`insert into author_score_progress (id, counted_to) values (1, 0)`.execute(db)
  let verdicts = db.schema
    .createTable('message_verdicts')
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('title_id', 'integer', (c) => c.notNull())
    .addColumn('verdict', 'text', (c) => c.notNull().check(sql`verdict in ('right', 'wrong')`))
    .addPrimaryKeyConstraint('message_verdicts_pk', ['message_id', 'title_id'])
  if (!isPostgres(db)) verdicts = verdicts.modifyEnd(sql`without rowid`)
  await verdicts.execute()
  await db.schema
    .createTable('author_score_recounts')
    .addColumn('message_id', 'text', (c) => c.primaryKey())
    .execute()
  await sql`delete from author_scores`.execute(db)
  await sql`insert into author_scores (author, judged, proved_right)
    select distinct author, 0, 0 from message_authors`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('author_score_recounts').execute()
  await db.schema.dropTable('message_verdicts').execute()
  await db.schema.dropTable('author_score_progress').execute()
}
