import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../server/db/migrate'
import { dialects } from '../support/databases'
import { databaseBefore } from '../support/migrations'

describe.each(dialects)('the ranking totals migration on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it("adds up each player's folded days, and only players with days get a row", async () => {
    const db = await databaseBefore(dialect, '0009-ranking-totals', cleanups)
    const now = Date.now()
    for (const name of ['ann', 'bob', 'cy']) {
      await sql`insert into users (username, username_key, email, email_key, created_at)
        values (${name}, ${name}, ${`${name}@example.test`}, ${`${name}@example.test`}, ${now})`.execute(db)
    }
    const ids = Object.fromEntries(
      (await sql<{ id: number; username: string }>`select id, username from users`.execute(db)).rows.map(
        (row) => [row.username, Number(row.id)],
      ),
    )
    const day = 86_400_000
    const days: [string, number, number, number, number][] = [
      ['ann', 0, 150, 2, 3],
      ['ann', 1, -40, 0, 1],
      ['ann', 5, 100, 1, 1],
      ['bob', 2, 75, 1, 4],
    ]
    for (const [name, k, points, correct, evaluated] of days) {
      await sql`insert into ranking_days (user_id, day_start, points, correct, evaluated)
        values (${ids[name]}, ${k * day}, ${points}, ${correct}, ${evaluated})`.execute(db)
    }
    await migrateToLatest(db)
    const totals = await db
      .selectFrom('rankingTotals')
      .select(['userId', 'points', 'correct', 'evaluated'])
      .orderBy('userId')
      .execute()
    expect(totals.map((row) => ({ ...row, points: Number(row.points) }))).toEqual([
      { userId: ids.ann, points: 210, correct: 3, evaluated: 5 },
      { userId: ids.bob, points: 75, correct: 1, evaluated: 4 },
    ])
  })
})
