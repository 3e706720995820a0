import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../server/db/migrate'
import {
  evalPriceColumn,
  evaluatedAtColumn,
  predictionsWithEvaluation,
} from '../../server/game/evaluated-predictions'
import { runningPredictionCount } from '../../server/game/predictions'
import { dialects } from '../support/databases'
import { databaseBefore } from '../support/migrations'

describe.each(dialects)('the evaluation prices migration on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('moves the evaluations off the rows into one price per title and due minute, keeping what readers see', async () => {
    const db = await databaseBefore(dialect, '0010-evaluation-prices', cleanups)
    const now = Date.UTC(2026, 10, 20, 12)
    await sql`insert into users (username, username_key, email, email_key, created_at)
      values ('ann', 'ann', 'ann@example.test', 'ann@example.test', ${now})`.execute(db)
    const { rows: users } = await sql<{ id: number }>`select id from users`.execute(db)
    const userId = Number(users[0]?.id)
    const hour = 3_600_000
    const minute = now - 2 * hour
    // [message, title, due, evalPrice]: two evaluated in one minute, one due but never priced, one running
    const rows: [string, number, number, number | null][] = [
      ['m1', 2494, minute + 10_000, 101.5],
      ['m2', 2494, minute + 50_000, 101.5],
      ['m3', 99979, minute - 30 * 60_000, null],
      ['m4', 2494, now + hour, null],
    ]
    for (const [messageId, titleId, due, evalPrice] of rows) {
      await sql`insert into tagged_messages (user_id, title_id, message_id, trend, at_price, eval_price,
          evaluated_at, created_at, evaluation_due_at, reward_factor)
        values (${userId}, ${titleId}, ${messageId}, 'Up', 100, ${evalPrice},
          ${evalPrice === null ? null : due}, ${due - 3 * hour}, ${due}, 1)`.execute(db)
    }
    await migrateToLatest(db)

    const progress = await db.selectFrom('evaluationProgress').selectAll().execute()
    expect(progress).toEqual([{ id: 1, evaluatedTo: minute + 50_000 }])
    const prices = await db.selectFrom('evaluationPrices').selectAll().orderBy('titleId').execute()
    expect(
      prices.map((row) => ({ ...row, dueMinute: Number(row.dueMinute), coveredTo: Number(row.coveredTo) })),
    ).toEqual([
      { titleId: 2494, dueMinute: minute, price: 101.5, coveredTo: minute + 50_000 },
      // pending: the job asks the market again
      { titleId: 99979, dueMinute: minute - 30 * 60_000, price: null, coveredTo: minute - 30 * 60_000 },
    ])
    const read = await predictionsWithEvaluation(db)
      .select(['t.messageId', evalPriceColumn, evaluatedAtColumn])
      .orderBy('t.messageId')
      .execute()
    expect(
      read.map((row) => ({ ...row, evaluatedAt: row.evaluatedAt === null ? null : Number(row.evaluatedAt) })),
    ).toEqual([
      { messageId: 'm1', evalPrice: 101.5, evaluatedAt: minute + 10_000 },
      { messageId: 'm2', evalPrice: 101.5, evaluatedAt: minute + 50_000 },
      { messageId: 'm3', evalPrice: null, evaluatedAt: null },
      { messageId: 'm4', evalPrice: null, evaluatedAt: null },
    ])
    // m3 (waiting for its price) and m4 (not due) are running
    expect(await runningPredictionCount(db, userId, now)).toBe(2)
  })
})
