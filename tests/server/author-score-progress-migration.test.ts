import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../server/db/migrate'
import { refreshAuthorScores } from '../../server/game/author-scores'
import { dialects } from '../support/databases'
import { databaseBefore } from '../support/migrations'

describe.each(dialects)('the author score progress migration on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('starts every author from zero and the job counts what the evaluation has judged so far', async () => {
    const db = await databaseBefore(dialect, '0019-author-score-progress', cleanups)
    const due = 1_800_000_000_000
    await sql`insert into users (username, username_key, email, email_key, created_at)
      values ('ann', 'ann', 'ann@example.test', 'ann@example.test', ${due})`.execute(db)
    const { rows: users } = await sql<{ id: number }>`select id from users`.execute(db)
    const userId = Number(users[0]?.id)
    for (const [messageId, author] of [
      ['m1', 'judged_jo'],
      ['m2', 'quiet_quinn'],
    ])
      await sql`insert into message_authors (message_id, author, created_at)
        values (${messageId}, ${author}, ${due})`.execute(db)
    // an Up at 99, priced 100 and evaluated: right
    await sql`insert into tagged_messages (user_id, title_id, message_id, trend, at_price, created_at,
        evaluation_due_at, reward_factor)
      values (${userId}, 1, 'm1', 'Up', 99, ${due - 3 * 3_600_000}, ${due}, 1)`.execute(db)
    await sql`insert into evaluation_prices (title_id, due_minute, price, covered_to)
      values (1, ${due}, 100, ${due})`.execute(db)
    await sql`update evaluation_progress set evaluated_to = ${due}`.execute(db)
    // the old job's aggregate, stale: replaced
    await sql`insert into author_scores (author, judged, proved_right) values ('judged_jo', 5, 1)`.execute(db)

    await migrateToLatest(db)
    const scores = () => db.selectFrom('authorScores').selectAll().orderBy('author').execute()
    expect(await scores()).toEqual([
      { author: 'judged_jo', judged: 0, provedRight: 0 },
      { author: 'quiet_quinn', judged: 0, provedRight: 0 },
    ])
    expect(await refreshAuthorScores(db)).toBe(1)
    expect(await scores()).toEqual([
      { author: 'judged_jo', judged: 1, provedRight: 1 },
      { author: 'quiet_quinn', judged: 0, provedRight: 0 },
    ])
  })
})
