import { createHash } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { SettlementsTable } from '../db/tables/settlements.table'

/** The hash before the first link of a chain. */
export const genesisHash = ''

/** The fields of a ledger row its chain hash covers. */
export interface ChainedLedgerRow {
  id: number
  walletAddress: string
  type: string
  amount: number
  reference: string
  createdAt: number
}

/** The fields of a settlement record its hash covers: the row but its link (prev_hash, hash). */
export type ChainedSettlement = Omit<Selectable<SettlementsTable>, 'prevHash' | 'hash'>

/**
 * A record's canonical form: a JSON array of its fields in a fixed order, numbers as numbers (the
 * drivers give bigints as strings on PostgreSQL and numbers on SQLite: both hash alike).
 */
export function canonicalLedgerRow(row: ChainedLedgerRow): string {
  return JSON.stringify([
    Number(row.id),
    row.walletAddress,
    row.type,
    Number(row.amount),
    row.reference,
    Number(row.createdAt),
  ])
}

export function canonicalSettlement(record: ChainedSettlement): string {
  return JSON.stringify([
    Number(record.id),
    record.kind,
    record.reference,
    record.priceSource,
    Number(record.priceTime),
    record.prices,
    Number(record.stakes),
    Number(record.payouts),
    record.summary,
    Number(record.createdAt),
  ])
}

/** A link: sha256 (hex) of the previous link's hash and the record's canonical form, a newline between. */
export function chainHash(previous: string, canonical: string): string {
  return createHash('sha256').update(`${previous}\n${canonical}`).digest('hex')
}

export const ledgerRowHash = (previous: string, row: ChainedLedgerRow) =>
  chainHash(previous, canonicalLedgerRow(row))

export const settlementHash = (previous: string, record: ChainedSettlement) =>
  chainHash(previous, canonicalSettlement(record))
