import type { Db, Executor } from '../db/database'
import { keysetPages } from '../db/keyset-pages'
import { inReadTransaction } from '../db/read-transaction'
import { genesisHash, ledgerRowHash, settlementHash } from './books-hash'

/** Rows read per query: memory stays constant however long the books are. */
const pageRows = 5000
const walletPage = 1000

export interface BooksCounts {
  rows: number
  sealed: number
  settlements: number
  wallets: number
}

export type BooksVerdict = { ok: true; counts: BooksCounts } | { ok: false; mismatch: string }

class Mismatch extends Error {}

/**
 * Recomputes the ledger's hash chain, the settlements' hash chain and every wallet's balance from its
 * ledger rows, reading each in keyset pages; the first thing that does not add up is named (ledger id,
 * settlement id or wallet address). All on one snapshot: a bet committing meanwhile (its balance and its
 * row) is seen whole or not at all, so a running game is never reported out of balance.
 */
export async function verifyLedger(db: Db): Promise<BooksVerdict> {
  try {
    return await inReadTransaction(db, async (snapshot) => {
      const chain = await verifyLedgerChain(snapshot)
      const settlements = await verifySettlements(snapshot)
      const wallets = await verifyBalances(snapshot)
      return { ok: true, counts: { ...chain, settlements, wallets } } as const
    })
  } catch (error) {
    if (error instanceof Mismatch) return { ok: false, mismatch: error.message }
    throw error
  }
}

export function describeVerdict(verdict: BooksVerdict): string {
  if (!verdict.ok) return `ledger mismatch: ${verdict.mismatch}`
  const { rows, sealed, settlements, wallets } = verdict.counts
  return `ledger verified: ${rows} ledger rows (${sealed} sealed), ${settlements} settlements, ${wallets} wallets`
}

async function verifyLedgerChain(db: Executor): Promise<{ rows: number; sealed: number }> {
  let previous = genesisHash
  let lastSealed = 0
  let firstUnsealed: number | undefined
  let rows = 0
  let sealed = 0
  const pages = keysetPages(
    pageRows,
    (after: number | undefined, limit) =>
      db
        .selectFrom('ledger')
        .select(['id', 'walletAddress', 'type', 'amount', 'reference', 'createdAt', 'chainHash'])
        .where('id', '>', after ?? 0)
        .orderBy('id')
        .limit(limit)
        .execute(),
    (last) => Number(last.id),
  )
  for await (const page of pages) {
    for (const row of page) {
      const id = Number(row.id)
      rows += 1
      if (row.chainHash === null) {
        firstUnsealed ??= id
        continue
      }
      if (firstUnsealed !== undefined)
        throw new Mismatch(`ledger row ${firstUnsealed} is not sealed but row ${id} after it is`)
      if (ledgerRowHash(previous, row) !== row.chainHash)
        throw new Mismatch(`ledger row ${id}: its fields do not match its chain hash`)
      previous = row.chainHash
      lastSealed = id
      sealed += 1
    }
  }
  const head = await db
    .selectFrom('ledgerSeal')
    .select(['sealedTo', 'headHash'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  if (Number(head.sealedTo) !== lastSealed || head.headHash !== previous)
    throw new Mismatch(
      `ledger seal head is row ${head.sealedTo} but the last sealed row is ${lastSealed} (rows removed or altered)`,
    )
  return { rows, sealed }
}

async function verifySettlements(db: Executor): Promise<number> {
  let previous = genesisHash
  let count = 0
  const pages = keysetPages(
    pageRows,
    (after: number | undefined, limit) =>
      db
        .selectFrom('settlements')
        .selectAll()
        .where('id', '>', after ?? 0)
        .orderBy('id')
        .limit(limit)
        .execute(),
    (last) => Number(last.id),
  )
  for await (const page of pages) {
    for (const record of page) {
      if (record.prevHash !== previous)
        throw new Mismatch(`settlement ${record.id}: it does not link to the settlement before it`)
      if (settlementHash(previous, record) !== record.hash)
        throw new Mismatch(`settlement ${record.id} (${record.reference}): its fields do not match its hash`)
      previous = record.hash
      count += 1
    }
  }
  return count
}

async function verifyBalances(db: Executor): Promise<number> {
  let count = 0
  for (let after = ''; ; ) {
    const wallets = await db
      .selectFrom('wallets')
      .select(['address', 'balance'])
      .where('address', '>', after)
      .orderBy('address')
      .limit(walletPage)
      .execute()
    if (wallets.length === 0) break
    const sums = await db
      .selectFrom('ledger')
      .select((eb) => ['walletAddress', eb.fn.sum<number>('amount').as('total')])
      .where(
        'walletAddress',
        'in',
        wallets.map((wallet) => wallet.address),
      )
      .groupBy('walletAddress')
      .execute()
    const totals = new Map(sums.map((sum) => [sum.walletAddress, Number(sum.total)]))
    for (const wallet of wallets) {
      const booked = totals.get(wallet.address) ?? 0
      if (Number(wallet.balance) !== booked)
        throw new Mismatch(
          `wallet ${wallet.address}: balance ${wallet.balance} but its ledger rows add up to ${booked}`,
        )
      count += 1
    }
    after = wallets.at(-1)?.address ?? after
  }
  return count
}
