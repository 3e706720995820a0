import { randomBytes } from 'node:crypto'
import { type RawBuilder, sql } from 'kysely'
import type { Executor } from '../db/database'
import { isPostgres } from '../db/dialect'
import { preparedQuery } from '../db/prepared-query'
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
  /**
   * A debit the wallet must hold: when it holds less, nothing of this posting is written and `post`
   * answers `refused` (a bet's stake), instead of the CHECK on the balance failing the transaction.
   */
  covered?: boolean
}

/**
 * Postings a query selects, for the jobs that pay thousands at once (the evaluation's credits): its rows
 * are `(wallet_address, type, amount, reference, created_at)`, in that order, of wallets that exist.
 */
export interface SelectedPostings {
  select: RawBuilder<unknown>
}

export interface Posted {
  /** ledger rows written */
  rows: number
  /** their sum, in hundredths */
  hundredths: number
  /** a `covered` debit found too little money: nothing of it was written */
  refused: boolean
}

/**
 * The one way money moves: each posting changes one wallet's balance and appends its ledger row, in the
 * caller's transaction (so a balance never changes without its row; tests/server/ledger-posting.test.ts
 * holds every kind of write to it). The CHECK on wallets.balance refuses an overdraft, which rolls the
 * whole transaction back. Postings of several wallets are applied in the order given: callers that
 * may run at once sort them by address, so they lock shared wallets in the same order.
 */
export async function post(
  db: Executor,
  postings: Posting | readonly Posting[] | SelectedPostings,
): Promise<Posted> {
  if ('select' in postings) return postSelected(db, postings.select)
  const list: readonly Posting[] = Array.isArray(postings) ? postings : [postings as Posting]
  let hundredths = 0
  for (const posting of list) {
    if (!Number.isSafeInteger(posting.amount)) throw new RangeError('ledger amounts are integer hundredths')
    const { address, amount } = posting
    const updated = posting.covered
      ? await payCovered(db, { address, amount, needed: -amount })
      : await pay(db, { address, amount })
    if (updated.numAffectedRows !== 1n) {
      if (posting.covered) return { rows: 0, hundredths: 0, refused: true }
      throw new Error(`no wallet ${posting.address}`)
    }
    hundredths += posting.amount
  }
  const [only] = list
  if (list.length === 1 && only) await insertRow(db, rowOf(only))
  else if (list.length > 1) await db.insertInto('ledger').values(list.map(rowOf)).execute()
  return { rows: list.length, hundredths, refused: false }
}

const rowOf = (posting: Posting) => ({
  walletAddress: posting.address,
  type: posting.type,
  amount: posting.amount,
  reference: posting.reference,
  createdAt: posting.now,
})

// The statements of single postings, compiled once: a bet and a grant run them on every request.
const pay = preparedQuery<{ address: string; amount: number }, never>((db, value) =>
  db
    .updateTable('wallets')
    .set((eb) => ({ balance: eb('balance', '+', value('amount')) }))
    .where('address', '=', value('address')),
)
const payCovered = preparedQuery<{ address: string; amount: number; needed: number }, never>((db, value) =>
  db
    .updateTable('wallets')
    .set((eb) => ({ balance: eb('balance', '+', value('amount')) }))
    .where('address', '=', value('address'))
    .where('balance', '>=', value('needed')),
)
const insertRow = preparedQuery<ReturnType<typeof rowOf>, never>((db, value) =>
  db.insertInto('ledger').values({
    walletAddress: value('walletAddress'),
    type: value('type'),
    amount: value('amount'),
    reference: value('reference'),
    createdAt: value('createdAt'),
  }),
)

/** The ledger rows `select` gives, and their wallets paid what those rows say, set-based. */
async function postSelected(db: Executor, select: RawBuilder<unknown>): Promise<Posted> {
  const insert = sql`insert into ledger (wallet_address, type, amount, reference, created_at) ${select}`
  if (isPostgres(db)) {
    // one statement: the wallets are paid what this statement's own ledger rows say
    const { rows } = await sql<{ written: number; hundredths: number }>`
      with posted as (${insert} returning wallet_address, amount),
      paid as (
        update wallets set balance = balance + c.total
        from (select wallet_address, sum(amount) as total from posted group by wallet_address) c
        where wallets.address = c.wallet_address
        returning 1
      )
      select (select count(*) from posted) as written,
        (select coalesce(sum(amount), 0) from posted) as hundredths,
        (select count(*) from paid) as paid`.execute(db)
    return {
      rows: Number(rows[0]?.written ?? 0),
      hundredths: Number(rows[0]?.hundredths ?? 0),
      refused: false,
    }
  }
  // SQLite: no other writer runs inside the caller's transaction, so these ledger rows are the ones
  // above the highest id before them
  const { rows: last } = await sql<{ id: number }>`select coalesce(max(id), 0) as id from ledger`.execute(db)
  const lastId = Number(last[0]?.id ?? 0)
  await insert.execute(db)
  const { rows } = await sql<{ written: number; hundredths: number }>`
    select count(*) as written, coalesce(sum(amount), 0) as hundredths from ledger
    where id > ${lastId}`.execute(db)
  await payLedgerRowsAfterSql(lastId).execute(db)
  return { rows: Number(rows[0]?.written ?? 0), hundredths: Number(rows[0]?.hundredths ?? 0), refused: false }
}

/**
 * SQLite: adds the ledger rows above `lastId` (one posting's) to their wallets. NOT INDEXED: the rowid
 * range finds them; left to itself the planner walks the whole ledger by its wallet index for the
 * GROUP BY's order, a cost that grows with the ledger (11 ms a batch at 95,000 rows).
 */
export function payLedgerRowsAfterSql(lastId: number): RawBuilder<unknown> {
  return sql`
    update wallets set balance = balance + c.total
    from (select wallet_address, sum(amount) as total from ledger not indexed where id > ${lastId}
      group by wallet_address) as c
    where wallets.address = c.wallet_address`
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
