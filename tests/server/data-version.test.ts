import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase } from '../../server/db/connect'
import { dataVersion } from '../../server/db/data-version'
import type { Db } from '../../server/db/database'
import { migrateToLatest } from '../../server/db/migrate'
import { inReadTransaction } from '../../server/db/read-transaction'
import { inTransaction } from '../../server/db/transaction'
import { createPostgresDatabase, dialects } from '../support/databases'

/**
 * dataVersion: equal texts prove nothing was committed in between. On SQLite it is read straight on the
 * connection, past a transaction under way: it must still move with every commit, and agree with the
 * text read inside a read transaction (the state cache compares the two).
 */
describe.each(dialects)('dataVersion on %s', (dialect) => {
  let db: Db
  let drop: (() => Promise<void>) | undefined

  beforeAll(async () => {
    if (dialect === 'postgres') {
      const created = await createPostgresDatabase()
      drop = created.drop
      db = connectDatabase({ databaseUrl: created.url, dataDir: ':memory:' })
    } else {
      db = connectDatabase({ dataDir: ':memory:' })
    }
    await migrateToLatest(db)
  })
  afterAll(async () => {
    await db.destroy()
    await drop?.()
  })

  const write = (tx: Parameters<Parameters<typeof inTransaction>[1]>[0], now: number) =>
    tx
      .insertInto('signInFailures')
      .values({ loginKey: `data-version-${now}`, failures: 1, lastFailureAt: now })
      .execute()

  it('stays while nothing is written and moves with each commit', async () => {
    const first = await dataVersion(db)
    expect(await dataVersion(db)).toBe(first)
    await inTransaction(db, (tx) => write(tx, 1))
    const second = await dataVersion(db)
    expect(second).not.toBe(first)
    expect(await dataVersion(db)).toBe(second)
  })

  it('reads the same inside a read transaction as outside, when nothing is written', async () => {
    if (dialect === 'postgres') return // a snapshot inside REPEATABLE READ is the transaction's own
    const outside = await dataVersion(db)
    expect(await inReadTransaction(db, (executor) => dataVersion(executor))).toBe(outside)
  })

  it('differs, read during a write transaction, from both before and after its commit', async () => {
    const before = await dataVersion(db)
    let during = ''
    await inTransaction(db, async (tx) => {
      await write(tx, 2)
      // outside the transaction, while it holds the connection (SQLite) or its row locks (PostgreSQL)
      during = await Promise.race([
        dataVersion(db),
        new Promise<string>((resolve) => setTimeout(() => resolve('waited'), 200)),
      ])
    })
    const after = await dataVersion(db)
    expect(after).not.toBe(before)
    if (dialect === 'sqlite') {
      // no waiting for the connection, and an uncommitted change already shows
      expect(during).not.toBe('waited')
      expect(during).not.toBe(before)
    }
  })
})
