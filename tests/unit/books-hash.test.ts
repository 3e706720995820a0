import { describe, expect, it } from 'vitest'
import {
  type ChainedLedgerRow,
  type ChainedSettlement,
  canonicalLedgerRow,
  canonicalSettlement,
  chainHash,
  genesisHash,
  ledgerRowHash,
  settlementHash,
} from '../../server/game/books-hash'

const row: ChainedLedgerRow = {
  id: 7,
  walletAddress: '0xabc',
  type: 'payment',
  amount: -1250,
  reference: 'poll:3',
  createdAt: 1_800_000_000_000,
}

const record: ChainedSettlement = {
  id: 2,
  kind: 'poll',
  reference: 'poll:3',
  priceSource: 'simulation',
  priceTime: 1_800_000_060_000,
  prices: '{"evalPrice":101}',
  stakes: 3333,
  payouts: 3333,
  summary: '{"outcome":"up"}',
  createdAt: 1_800_000_061_000,
}

describe('the canonical forms and hashes of the books', () => {
  it('writes a ledger row as a JSON array of its fields in a fixed order', () => {
    expect(canonicalLedgerRow(row)).toBe('[7,"0xabc","payment",-1250,"poll:3",1800000000000]')
  })

  it('writes a settlement record as a JSON array of every field but its hashes', () => {
    expect(canonicalSettlement(record)).toBe(
      '[2,"poll","poll:3","simulation",1800000060000,"{\\"evalPrice\\":101}",3333,3333,"{\\"outcome\\":\\"up\\"}",1800000061000]',
    )
  })

  it('hashes the previous hash and the canonical form with sha256, a newline between', () => {
    // sha256 of "\nabc" (printf '\nabc' | sha256sum)
    expect(chainHash(genesisHash, 'abc')).toBe(
      'f39d39bfc99287b848780d4110eb663f0e7c344ae41f46a390c4135b89dc2756',
    )
    expect(ledgerRowHash('p', row)).toBe(chainHash('p', canonicalLedgerRow(row)))
    expect(settlementHash('p', record)).toBe(chainHash('p', canonicalSettlement(record)))
  })

  it('hashes a PostgreSQL row (bigints as strings) like the same SQLite row', () => {
    const fromPostgres = {
      ...row,
      amount: '-1250',
      createdAt: '1800000000000',
    } as unknown as ChainedLedgerRow
    expect(ledgerRowHash('h', fromPostgres)).toBe(ledgerRowHash('h', row))
    const settlementFromPostgres = { ...record, stakes: '3333', priceTime: '1800000060000' }
    expect(settlementHash('h', settlementFromPostgres as unknown as ChainedSettlement)).toBe(
      settlementHash('h', record),
    )
  })

  it('changes the hash when any field or the previous hash changes', () => {
    const base = ledgerRowHash('h', row)
    const changes: Partial<ChainedLedgerRow>[] = [
      { id: 8 },
      { walletAddress: '0xabd' },
      { type: 'wager' },
      { amount: -1251 },
      { reference: 'poll:4' },
      { createdAt: row.createdAt + 1 },
    ]
    for (const change of changes) expect(ledgerRowHash('h', { ...row, ...change })).not.toBe(base)
    expect(ledgerRowHash('g', row)).not.toBe(base)
    const settled = settlementHash('h', record)
    for (const change of [{ payouts: 3332 }, { prices: '{"evalPrice":102}' }, { priceSource: 'x' }])
      expect(settlementHash('h', { ...record, ...change })).not.toBe(settled)
  })

  it('keeps fields apart: moving text from one field to the next changes the hash', () => {
    const a = { ...row, walletAddress: 'ab', reference: 'c' }
    const b = { ...row, walletAddress: 'a', reference: 'bc' }
    expect(ledgerRowHash('h', a)).not.toBe(ledgerRowHash('h', b))
  })
})
