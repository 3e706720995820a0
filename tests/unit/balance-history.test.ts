import { describe, expect, it } from 'vitest'
import { balanceHistory, historyDays } from '../../src/domain/balance-history'

const berlin = 'Europe/Berlin'
// Thursday 26 November 2026, 13:00 in Berlin (12:00 UTC)
const now = Date.UTC(2026, 10, 26, 12)
const hour = 3_600_000

describe('balanceHistory', () => {
  it('ends each day at the balance now less every change after that day', () => {
    const changes = [
      { at: now - 2 * hour, amount: 500 }, // today
      { at: Date.UTC(2026, 10, 25, 22, 30), amount: 100 }, // 23:30 Berlin on the 25th
      { at: Date.UTC(2026, 10, 25, 23, 30), amount: -40 }, // 00:30 Berlin on the 26th
      { at: Date.UTC(2026, 10, 24, 10), amount: 7 },
    ]
    expect(balanceHistory(1000, changes, now, 3, berlin)).toEqual([
      { day: '2026-11-24', balance: 1000 - 500 - 100 + 40 },
      { day: '2026-11-25', balance: 1000 - 500 + 40 },
      { day: '2026-11-26', balance: 1000 },
    ])
  })
  it('keeps the balance flat through days without changes', () => {
    expect(balanceHistory(250, [], now, 2, berlin)).toEqual([
      { day: '2026-11-25', balance: 250 },
      { day: '2026-11-26', balance: 250 },
    ])
  })
})

describe('historyDays', () => {
  it('counts the days since the game began, today included, up to the most asked for', () => {
    // 00:30 Berlin on the 25th (23:30 UTC on the 24th): the 25th and the 26th
    expect(historyDays(Date.UTC(2026, 10, 24, 23, 30), now, berlin, 14)).toBe(2)
    expect(historyDays(now - hour, now, berlin, 14)).toBe(1)
    expect(historyDays(Date.UTC(2026, 9, 1), now, berlin, 14)).toBe(14)
    // no ledger entry yet: today only; a clock behind the first entry: still today
    expect(historyDays(undefined, now, berlin, 14)).toBe(1)
    expect(historyDays(now + 3 * 24 * hour, now, berlin, 14)).toBe(1)
  })
})
