import { sql } from 'kysely'
import type { Transaction } from '../../src/api/transactions'
import { fromHundredths } from '../../src/domain/currency'
import type { Executor } from '../db/database'
import { aboutTransactions } from './transaction-about'

/**
 * One page of a wallet's ledger, newest first (creation time, then id); `before` is the transactionId of
 * the last row of the previous page. Ordered as the (wallet, created_at) index is, so a page reads only
 * its own rows.
 */
export async function walletTransactions(
  db: Executor,
  address: string,
  page: { limit: number; before?: number },
): Promise<Transaction[]> {
  let query = db
    .selectFrom('ledger')
    .select(['id', 'walletAddress', 'type', 'amount', 'reference', 'createdAt'])
    .where('walletAddress', '=', address)
  if (page.before !== undefined) {
    const cursor = await db
      .selectFrom('ledger')
      .select('createdAt')
      .where('id', '=', page.before)
      .where('walletAddress', '=', address)
      .executeTakeFirst()
    if (!cursor) return []
    query = query.where(sql<boolean>`(created_at, id) < (${cursor.createdAt}, ${page.before})`)
  }
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.limit).execute()
  const about = await aboutTransactions(
    db,
    address,
    rows.map((row) => row.reference),
  )
  return rows.map((row, i) => ({
    transactionId: row.id,
    receiver: row.walletAddress,
    type: row.type,
    amount: fromHundredths(row.amount),
    reference: row.reference,
    createdAt: row.createdAt,
    ...(about[i] ? { about: about[i] } : {}),
  }))
}
