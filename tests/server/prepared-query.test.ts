import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/database'
import { preparedQuery } from '../../server/db/prepared-query'
import { dialects } from '../support/databases'
import { openTestDatabase } from '../support/test-database'

describe.each(dialects)('queries compiled once (preparedQuery) on %s', (dialect) => {
  let db: Db
  let close = async () => {}

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(dialect, { migrate: false }))
    await sql`create table wallets (address text primary key, user_id integer, balance integer not null,
      created_at bigint not null)`.execute(db)
  })
  afterAll(() => close())

  it('builds once, binds each run its own values beside the constants, and camel-cases the rows', async () => {
    let builds = 0
    const insert = preparedQuery<{ address: string; userId: number }, never>((executor, value) => {
      builds += 1
      return executor
        .insertInto('wallets')
        .values({ address: value('address'), userId: value('userId'), balance: 0, createdAt: 5 })
    })
    const richest = preparedQuery<{ userId: number; least: number }, { address: string; createdAt: number }>(
      (executor, value) => {
        builds += 1
        return executor
          .selectFrom('wallets')
          .select(['address', 'createdAt'])
          .where('userId', '=', value('userId'))
          .where('balance', '>=', value('least'))
          .orderBy('address')
          .limit(1)
      },
    )
    await insert(db, { address: 'b', userId: 1 })
    await db.transaction().execute((tx) => insert(tx, { address: 'a', userId: 1 }))
    await insert(db, { address: 'c', userId: 2 })
    expect((await richest(db, { userId: 1, least: 0 })).rows).toEqual([{ address: 'a', createdAt: 5 }])
    expect((await richest(db, { userId: 2, least: 0 })).rows).toEqual([{ address: 'c', createdAt: 5 }])
    expect((await richest(db, { userId: 2, least: 1 })).rows).toEqual([])
    // one build per query: the transaction's and the database's runs share it
    expect(builds).toBe(2)
  })

  it('reports the rows an update changed', async () => {
    const pay = preparedQuery<{ address: string; amount: number }, never>((executor, value) =>
      executor
        .updateTable('wallets')
        .set((eb) => ({ balance: eb('balance', '+', value('amount')) }))
        .where('address', '=', value('address')),
    )
    expect((await pay(db, { address: 'a', amount: 7 })).numAffectedRows).toBe(1n)
    expect((await pay(db, { address: 'none', amount: 7 })).numAffectedRows).toBe(0n)
    const row = await db
      .selectFrom('wallets')
      .select('balance')
      .where('address', '=', 'a')
      .executeTakeFirstOrThrow()
    expect(Number(row.balance)).toBe(7)
  })
})
