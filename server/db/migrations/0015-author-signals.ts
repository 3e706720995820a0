import { type Kysely, sql } from 'kysely'

/**
 * Author signal scores and crowd splits:
 * - the predictions of one message and title, in tagging order: the crowd's split on a message (authors,
 *   skill's crowd at tagging time, the export) is read by this index, never by a scan;
 * - who wrote each stream message, kept after the message itself is pruned (scores run over all time);
 * - each author's judged messages and how many proved right: an aggregate the author-score job refreshes,
 *   so the leaderboard reads a few dozen rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('tagged_messages_message')
    .on('tagged_messages')
    .columns(['message_id', 'title_id', 'created_at'])
    .execute()
  await db.schema
    .createTable('message_authors')
    .addColumn('message_id', 'text', (c) => c.primaryKey())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('message_authors_author')
    .on('message_authors')
    .columns(['author', 'created_at'])
    .execute()
  await db.schema
    .createTable('author_scores')
    .addColumn('author', 'text', (c) => c.primaryKey())
    .addColumn('judged', 'integer', (c) => c.notNull())
    .addColumn('proved_right', 'integer', (c) => c.notNull())
    .execute()
  // The messages still kept name their authors already.
  const rows = await sql<{ payload: string }>`select payload from market_messages`.execute(db)
  for (const row of rows.rows) {
    const message = JSON.parse(row.payload) as {
      message_id: string
      t: number
      twitter_user: { screen_name: string }
    }
    await sql`insert into message_authors (message_id, author, created_at)
      values (${message.message_id}, ${message.twitter_user.screen_name}, ${message.t * 1000})
      on conflict (message_id) do nothing`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('author_scores').execute()
  await db.schema.dropTable('message_authors').execute()
  await db.schema.dropIndex('tagged_messages_message').execute()
}
