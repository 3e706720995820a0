import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataVersion } from '../../server/db/data-version'
import type { Db } from '../../server/db/database'
import { inReadTransaction } from '../../server/db/read-transaction'
import { inTransaction } from '../../server/db/transaction'
import { dialects } from '../support/databases'
import { openTestDatabase } from '../support/test-database'

/**
 * dataVersion: equal texts prove nothing was committed in between. On SQLite it is read straight on the
 * connection, past a transaction under way: it must still move with every commit, and agree with the
 * text read inside a read transaction (the state cache compares the two).
 */
describe.each(dialects)('dataVersion on %s', (dialect) => {
  let db: Db
  let close = async () => {}

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(dialect))
  })
  afterAll(() => close())

  const write = (tx: Parameters<Parameters<typeof inTransaction>[1]>[0], now: number) =>
    tx
      .insertInto('signInFailures')
      .values({ loginKey: `data-version-${now}`, failures: 1, lastFailureAt: now })
      .execute()

  /**
   * Two reads in a row with no commit between them. On PostgreSQL the snapshot is the whole server's, and
   * other test files commit to their own databases on it at any moment: a pair is taken again until one
   * has no commit between its reads (a version that moved on every read would never give one).
   */
  async function quietPair(): Promise<[string, string]> {
    let pair: [string, string] = [await dataVersion(db), await dataVersion(db)]
    for (let tries = 0; dialect === 'postgres' && pair[0] !== pair[1] && tries < 50; tries++)
      pair = [await dataVersion(db), await dataVersion(db)]
    return pair
  }

  it('stays while nothing is written and moves with each commit', async () => {
    const [first, again] = await quietPair()
    expect(again).toBe(first)
    await inTransaction(db, (tx) => write(tx, 1))
    const second = await dataVersion(db)
    expect(second).not.toBe(first)
    const [third, thirdAgain] = await quietPair()
    expect(thirdAgain).toBe(third)
  })

  // PostgreSQL has no such case: a snapshot inside REPEATABLE READ is the transaction's own
  if (dialect === 'sqlite')
    it('reads the same inside a read transaction as outside, when nothing is written', async () => {
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
