import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../server/db/migrate'
import { genesisHash, ledgerRowHash } from '../../server/game/books-hash'
import { sealLedger } from '../../server/game/ledger-seal'
import { verifyLedger } from '../../server/game/verify-ledger'
import { dialects } from '../support/databases'
import { databaseBefore } from '../support/migrations'

describe.each(dialects)('the books migration on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('leaves the existing ledger unsealed for the seal job, which chains it from the first row', async () => {
    const db = await databaseBefore(dialect, '0016-books', cleanups)
    const now = 1_800_000_000_000
    await sql`insert into wallets (address, user_id, balance, created_at) values ('0xold', null, 150, ${now})`.execute(
      db,
    )
    for (const [amount, reference] of [
      [100, 'signup'],
      [50, 'tag:1:m'],
    ] as const)
      await sql`insert into ledger (wallet_address, type, amount, reference, created_at)
        values ('0xold', 'grant', ${amount}, ${reference}, ${now})`.execute(db)
    await migrateToLatest(db)
    const before = await db.selectFrom('ledger').selectAll().orderBy('id').execute()
    expect(before.map((row) => row.chainHash)).toEqual([null, null])
    expect(await db.selectFrom('ledgerSeal').selectAll().execute()).toEqual([
      { id: 1, sealedTo: expect.anything(), headHash: '' },
    ])
    expect(await db.selectFrom('settlements').selectAll().execute()).toEqual([])

    expect(await sealLedger(db, now + 60_000)).toBe(2)
    const [first, second] = await db.selectFrom('ledger').selectAll().orderBy('id').execute()
    const firstHash = ledgerRowHash(genesisHash, before[0] as (typeof before)[0])
    expect(first?.chainHash).toBe(firstHash)
    expect(second?.chainHash).toBe(ledgerRowHash(firstHash, before[1] as (typeof before)[0]))
    // the Bank's wallet (0001) and the old one
    expect(await verifyLedger(db)).toMatchObject({ ok: true, counts: { rows: 2, sealed: 2, wallets: 2 } })
  })
})
