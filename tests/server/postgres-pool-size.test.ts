import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectDatabase, poolReadingOf } from '../../server/db/connect'
import { createPostgresDatabase } from '../support/databases'

/** Holds `count` connections' worth of queries at once; returns the pool's reading once all are asked. */
async function readingWhileBusy(poolSize: number | undefined, count: number) {
  const db = connectDatabase({ databaseUrl: database.url, dataDir: ':memory:', poolSize })
  try {
    const sleeping = Array.from({ length: count }, () => sql`select pg_sleep(1.5)`.execute(db))
    // every query either holds a connection or waits for one
    await vi.waitFor(
      () => {
        const reading = poolReadingOf(db)
        expect((reading?.inUse ?? 0) + (reading?.waiting ?? 0)).toBe(count)
        // connections still being opened count as in use: wait until they are
        expect(reading?.inUse).toBe(Math.min(count, poolSize ?? 10))
      },
      { timeout: 5000, interval: 20 },
    )
    const reading = poolReadingOf(db)
    await Promise.all(sleeping)
    return reading
  } finally {
    await db.destroy()
  }
}

let database: Awaited<ReturnType<typeof createPostgresDatabase>>
beforeAll(async () => {
  database = await createPostgresDatabase()
})
afterAll(() => database.drop())

describe('PostgreSQL pool size (DATABASE_POOL_SIZE)', () => {
  it('opens as many connections as the operator says, and queues the rest', async () => {
    expect(await readingWhileBusy(2, 3)).toEqual({ inUse: 2, waiting: 1 })
  })

  it('opens 10 by default', async () => {
    expect(await readingWhileBusy(undefined, 12)).toEqual({ inUse: 10, waiting: 2 })
  })
})
