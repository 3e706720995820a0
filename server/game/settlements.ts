import { sql } from 'kysely'
import type { Config } from '../config'
import type { Executor, Tx } from '../db/database'
import { isPostgres } from '../db/dialect'
import type { SettlementKind, SettlementRow } from '../db/tables/settlements.table'
import { genesisHash, settlementHash } from './books-hash'

/** The advisory lock that orders settlement records on PostgreSQL ('books' in ASCII). */
const settlementsLockKey = 0x626f6f6b73

export interface SettlementRecord {
  kind: SettlementKind
  reference: string
  priceSource: string
  priceTime: number
  /** the prices used, stored as JSON text */
  prices: unknown
  stakes: number
  payouts: number
  /** stored as JSON text */
  summary: unknown
  now: number
}

/** Where the game's prices come from, named in each settlement record. */
export function priceSourceOf(config: Pick<Config, 'provider'>): string {
  return config.provider ? new URL(config.provider.baseUrl).host : 'simulation'
}

/**
 * Appends a settlement record to the chain, in the settlement's own transaction (so a settlement and
 * its record commit together or not at all). Only jobs write settlements, so taking the chain head
 * in turn costs no request anything: on PostgreSQL a transaction-scoped advisory lock makes writers
 * take turns (two would otherwise link to the same head); SQLite's BEGIN IMMEDIATE already does.
 */
export async function recordSettlement(tx: Tx, record: SettlementRecord): Promise<SettlementRow> {
  if (isPostgres(tx)) await sql`select pg_advisory_xact_lock(${settlementsLockKey})`.execute(tx)
  const head = await tx
    .selectFrom('settlements')
    .select('hash')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  const prevHash = head?.hash ?? genesisHash
  const fields = {
    kind: record.kind,
    reference: record.reference,
    priceSource: record.priceSource,
    priceTime: record.priceTime,
    prices: JSON.stringify(record.prices),
    stakes: record.stakes,
    payouts: record.payouts,
    summary: JSON.stringify(record.summary),
    createdAt: record.now,
  }
  // the hash covers the id, which the database gives on insert
  const { id } = await tx
    .insertInto('settlements')
    .values({ ...fields, prevHash, hash: '' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const hash = settlementHash(prevHash, { id: Number(id), ...fields })
  await tx.updateTable('settlements').set({ hash }).where('id', '=', id).execute()
  return { id: Number(id), ...fields, prevHash, hash }
}

/** The settlement record of a poll, undefined before it is settled. */
export function pollSettlementRecord(db: Executor, pollId: number): Promise<SettlementRow | undefined> {
  return db
    .selectFrom('settlements')
    .selectAll()
    .where('kind', '=', 'poll')
    .where('reference', '=', `poll:${pollId}`)
    .executeTakeFirst()
}
