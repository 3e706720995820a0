import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppContext } from '../../server/context'
import type { Db } from '../../server/db/database'
import { inWriteTransaction } from '../../server/db/write-batch'
import { bankAddress, createWallet, post } from '../../server/game/ledger'
import { settlePoll } from '../../server/game/poll-settlement'
import { placeBet } from '../../server/game/wagers'
import { Refusal } from '../../server/refusal'
import { dialects } from '../support/databases'
import { aroundTheClockFairPlay } from '../support/hours-market'
import { auditMoney } from '../support/money-audit'
import { openTestDatabase } from '../support/test-database'
import { openPollRow, userRow } from '../support/user-rows'

/**
 * Every kind of balance change goes through ledger.post, so after each of them every wallet's balance
 * is the sum of its ledger rows and the money adds up (tests/unit/server-boundaries.test.ts keeps other
 * modules from writing balances or ledger rows themselves).
 */
const hour = 3600_000
const now = 1_800_000_000_000
const fairPlay = aroundTheClockFairPlay

describe.each(dialects)('ledger postings on %s', (dialect) => {
  let db: Db
  let close = async () => {}
  const wallets: Record<'rich' | 'poor', string> = { rich: '', poor: '' }

  async function booked() {
    const audit = await auditMoney(db)
    return { imbalance: audit.imbalance, unbooked: audit.unbookedWallets, negative: audit.negativeBalances }
  }
  const balanced = { imbalance: 0, unbooked: [], negative: 0 }
  const balanceOf = async (address: string) =>
    Number(
      (
        await db
          .selectFrom('wallets')
          .select('balance')
          .where('address', '=', address)
          .executeTakeFirstOrThrow()
      ).balance,
    )
  const ledgerRows = async () =>
    Number(
      (
        await db
          .selectFrom('ledger')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(dialect))
    for (const [id, name] of [
      [1, 'rich'],
      [2, 'poor'],
    ] as const) {
      await db
        .insertInto('users')
        .values(userRow(id, name, now - 10 * hour))
        .execute()
      wallets[name] = await createWallet(db, id, now - 10 * hour)
    }
    await db.insertInto('polls').values(openPollRow(now)).execute()
  }, 60_000)

  afterAll(() => close())

  it('books a grant: the balance and its row', async () => {
    await db.transaction().execute(async (tx) => {
      await post(tx, { address: wallets.rich, type: 'grant', amount: 10_000, reference: 'signup', now })
      await post(tx, { address: wallets.poor, type: 'grant', amount: 150, reference: 'signup', now })
    })
    expect(await balanceOf(wallets.rich)).toBe(10_000)
    expect(await booked()).toEqual(balanced)
  })

  it('refuses a covered debit beyond the balance, writing nothing, and takes one within it', async () => {
    const rows = await ledgerRows()
    const posted = await db
      .transaction()
      .execute((tx) =>
        post(tx, { address: wallets.poor, type: 'wager', amount: -151, reference: 'x', now, covered: true }),
      )
    expect(posted).toEqual({ rows: 0, hundredths: 0, refused: true })
    expect(await ledgerRows()).toBe(rows)
    expect(await balanceOf(wallets.poor)).toBe(150)
    await expect(
      db
        .transaction()
        .execute((tx) =>
          post(tx, { address: wallets.poor, type: 'wager', amount: 1.5, reference: 'x', now }),
        ),
    ).rejects.toThrow(RangeError)
    expect(await booked()).toEqual(balanced)
  })

  it('books a bet as its stake, and a refused bet as nothing', async () => {
    const bet = (userId: number, ttcBet: number) =>
      inWriteTransaction(db, (tx) => placeBet(tx, { pollId: 1, userId, vote: 'up', ttcBet, now, fairPlay }))
    await bet(1, 30)
    expect(await balanceOf(wallets.rich)).toBe(7_000)
    const refused = await bet(2, 2).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Refusal)
    expect((refused as Refusal).code).toBe('validation_failed')
    expect(await balanceOf(wallets.poor)).toBe(150)
    await bet(2, 1)
    expect(await booked()).toEqual(balanced)
  })

  it("books a poll's payouts, the Bank's share included", async () => {
    const ctx = { db, config: { pollFlatBand: 0.001 } } as unknown as AppContext
    expect(await settlePoll(ctx, { id: 1, titleId: 7, priceBase: 100 }, 110, now + 5 * hour)).toBe(true)
    // up won, and both bet up: each stake comes back
    expect([await balanceOf(wallets.rich), await balanceOf(wallets.poor)]).toEqual([10_000, 150])
    expect(await booked()).toEqual(balanced)
  })

  it('books postings a query selects, set-based (the evaluation credits)', async () => {
    const posted = await db.transaction().execute((tx) =>
      post(tx, {
        select: sql`select w.address, 'tag', 125, 'tag:7:m1', cast(${now} as bigint) from wallets w
          where w.address in (${wallets.rich}, ${wallets.poor})`,
      }),
    )
    expect(posted).toEqual({ rows: 2, hundredths: 250, refused: false })
    expect(await balanceOf(wallets.poor)).toBe(275)
    expect(await booked()).toEqual(balanced)
  })

  it('books a list of postings between wallets (a transfer to the Bank) in one go', async () => {
    const before = await balanceOf(bankAddress)
    await db.transaction().execute((tx) =>
      post(tx, [
        { address: wallets.poor, type: 'payment', amount: -75, reference: 'account-deleted', now },
        { address: bankAddress, type: 'payment', amount: 75, reference: 'account-deleted:poor', now },
      ]),
    )
    expect(await balanceOf(bankAddress)).toBe(before + 75)
    expect(await booked()).toEqual(balanced)
  })
})
