import { sql } from 'kysely'
import type { AppContext } from '../context'
import type { Db, Tx } from '../db/database'
import { isPostgres } from '../db/dialect'
import { inTransaction } from '../db/transaction'
import { type Job, yieldToRequests } from '../jobs/job-runner'
import { ledgerRowHash } from './books-hash'

/**
 * Ledger rows sealed per transaction, and per run at most `sliceRows × slicesPerRun`. A slice of 250
 * holds the event loop and the write lock about 4 ms on SQLite (2,000 took 34 ms: a stall a bet would
 * wait behind); requests get a turn between slices, and a run still seals 10,000 rows, more than a busy
 * second's bets and tags write.
 */
const sliceRows = 250
const slicesPerRun = 40
/** Rows per UPDATE: two parameters each stays under both dialects' parameter limits. */
const updateChunk = 1000
/**
 * On PostgreSQL ids are taken before commit, so a row may commit after a higher one: only rows this old
 * are sealed, and the verifier reports an unsealed row below the sealed head. SQLite commits one
 * writer at a time in id order.
 */
export const postgresSealMarginMs = 5000

export interface SealOptions {
  sliceRows?: number
  slices?: number
}

/**
 * Seals the ledger in id order: each row's chain_hash is sha256 of the row before's and its own fields
 * (books-hash.ts), and ledger_seal keeps the head. Run by a job, never by a request: a bet or a tag only
 * appends its row, and no writer waits on the chain. Returns the rows sealed.
 */
export async function sealLedger(db: Db, now: number, options: SealOptions = {}): Promise<number> {
  const rows = options.sliceRows ?? sliceRows
  let sealed = 0
  for (let slice = 0; slice < (options.slices ?? slicesPerRun); slice++) {
    const count = await inTransaction(db, (tx) => sealSlice(tx, now, rows))
    sealed += count
    if (count < rows) break
    await yieldToRequests()
  }
  return sealed
}

async function sealSlice(tx: Tx, now: number, limit: number): Promise<number> {
  const query = tx.selectFrom('ledgerSeal').select(['sealedTo', 'headHash']).where('id', '=', 1)
  const head = await (isPostgres(tx) ? query.forUpdate() : query).executeTakeFirstOrThrow()
  const cutoff = now - (isPostgres(tx) ? postgresSealMarginMs : 0)
  const rows = await tx
    .selectFrom('ledger')
    .select(['id', 'walletAddress', 'type', 'amount', 'reference', 'createdAt'])
    .where('id', '>', head.sealedTo)
    .orderBy('id')
    .limit(limit)
    .execute()
  const links: { id: number; hash: string }[] = []
  let previous = head.headHash
  for (const row of rows) {
    // the first young row ends the slice: a row below it may not have committed yet
    if (Number(row.createdAt) > cutoff) break
    previous = ledgerRowHash(previous, row)
    links.push({ id: Number(row.id), hash: previous })
  }
  const last = links.at(-1)
  if (!last) return 0
  for (let start = 0; start < links.length; start += updateChunk) {
    const values = links
      .slice(start, start + updateChunk)
      .map((link) => sql`(cast(${link.id} as bigint), ${link.hash})`)
    await sql`update ledger set chain_hash = v.column2 from (values ${sql.join(values)}) as v
      where ledger.id = v.column1`.execute(tx)
  }
  await tx
    .updateTable('ledgerSeal')
    .set({ sealedTo: last.id, headHash: last.hash })
    .where('id', '=', 1)
    .execute()
  return links.length
}

export function ledgerSealJob(ctx: Pick<AppContext, 'db'>): Job {
  return { name: 'ledger-seal', run: (now) => sealLedger(ctx.db, now).then(() => undefined) }
}
