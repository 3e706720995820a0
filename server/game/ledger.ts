import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { Executor } from '../db/database'
import type { LedgerType, WalletRow } from '../db/tables/wallets.table'

export const bankAddress = 'bank'

export async function createWallet(db: Executor, userId: number, now: number): Promise<string> {
  const address = `0x${randomBytes(20).toString('hex')}`
  await db.insertInto('wallets').values({ address, userId, balance: 0, createdAt: now }).execute()
  return address
}

export interface Posting {
  address: string
  type: LedgerType
  /** signed hundredths of a TTC */
  amount: number
  reference: string
  now: number
}

/**
 * Changes one balance and appends its ledger row; call it inside the transaction of the change it pays
 * for. The CHECK on wallets.balance refuses an overdraft, which rolls the whole transaction back.
 */
export async function post(db: Executor, posting: Posting): Promise<void> {
  if (!Number.isSafeInteger(posting.amount)) throw new RangeError('ledger amounts are integer hundredths')
  const updated = await db
    .updateTable('wallets')
    .set({ balance: sql`balance + ${posting.amount}` })
    .where('address', '=', posting.address)
    .executeTakeFirst()
  if (updated.numUpdatedRows !== 1n) throw new Error(`no wallet ${posting.address}`)
  await db
    .insertInto('ledger')
    .values({
      walletAddress: posting.address,
      type: posting.type,
      amount: posting.amount,
      reference: posting.reference,
      createdAt: posting.now,
    })
    .execute()
}

export function walletsOf(db: Executor, userId: number): Promise<WalletRow[]> {
  return db.selectFrom('wallets').selectAll().where('userId', '=', userId).orderBy('createdAt').execute()
}

/** Ledger types that bring new money into the game; wagers and payments only move it. */
export const mintingTypes = ['grant', 'tag', 'reward'] as const satisfies readonly LedgerType[]

/**
 * All money ever minted, in hundredths. Conservation: walletTotal (the Bank included) plus the stakes
 * of polls not yet settled equals this at every commit.
 */
export async function mintedTotal(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('type', 'in', mintingTypes)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/** The sum of every wallet's balance (players and the Bank), in hundredths. */
export async function walletTotal(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('wallets')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), eb.lit(0)).as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}
