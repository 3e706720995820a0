import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../server/db/migrate'
import { dialects } from '../support/databases'
import { databaseBefore } from '../support/migrations'

describe.each(dialects)('the idempotency requests migration on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('drops the keys that knew only their route and stores keys bound to method, path and body', async () => {
    const db = await databaseBefore(dialect, '0011-idempotency-requests', cleanups)
    const now = Date.UTC(2026, 10, 26, 12)
    await sql`insert into users (username, username_key, email, email_key, created_at)
      values ('ann', 'ann', 'ann@example.test', 'ann@example.test', ${now})`.execute(db)
    const { rows: users } = await sql<{ id: number }>`select id from users`.execute(db)
    const userId = Number(users[0]?.id)
    // a key of the old shape: its route pattern cannot tell one poll from another
    await sql`insert into idempotency_keys (user_id, key, route, status_code, body, created_at)
      values (${userId}, 'k1', 'POST /v1/stockgame/polls/:pollId/vote', 200, '{}', ${now})`.execute(db)
    await migrateToLatest(db)

    expect(await db.selectFrom('idempotencyKeys').selectAll().execute()).toEqual([])
    const key = {
      userId,
      key: 'k1',
      method: 'POST',
      path: '/v1/stockgame/polls/7/vote',
      bodyHash: 'hash',
      statusCode: 200,
      body: '{}',
      createdAt: now,
    }
    await db.insertInto('idempotencyKeys').values(key).execute()
    const [stored] = await db.selectFrom('idempotencyKeys').selectAll().execute()
    expect({ ...stored, createdAt: Number(stored?.createdAt) }).toEqual(key)
    // one key per player still: the primary key holds
    await expect(db.insertInto('idempotencyKeys').values(key).execute()).rejects.toThrow()
  })
})
