import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bankWonPot, settlePot } from '../../src/domain/parimutuel'
import { pollOutcome, pollPhase } from '../../src/domain/poll-phase'

describe('parimutuel settlement', () => {
  it('shares the pot among the winners pro rata to their stakes', () => {
    const result = settlePot(
      [
        { userId: 1, vote: 'up', amount: 300 },
        { userId: 2, vote: 'up', amount: 100 },
        { userId: 3, vote: 'down', amount: 600 },
      ],
      'up',
    )
    expect(result.pot).toBe(1000)
    expect(result.payouts.get(1)).toBe(750)
    expect(result.payouts.get(2)).toBe(250)
    expect(result.payouts.has(3)).toBe(false)
    expect(result.bank).toBe(0)
  })

  it('gives the rounding remainder to the Bank', () => {
    const result = settlePot(
      [
        { userId: 1, vote: 'flat', amount: 100 },
        { userId: 2, vote: 'flat', amount: 100 },
        { userId: 3, vote: 'flat', amount: 100 },
        { userId: 4, vote: 'up', amount: 1 },
      ],
      'flat',
    )
    // pot 301 split three ways: 100 each, 1 left over
    expect([...result.payouts.values()]).toEqual([100, 100, 100])
    expect(result.bank).toBe(1)
  })

  it('gives the whole pot to the Bank when nobody won', () => {
    const result = settlePot([{ userId: 1, vote: 'up', amount: 500 }], 'down')
    expect(result.payouts.size).toBe(0)
    expect(result.bank).toBe(500)
  })

  it('never creates or loses money', () => {
    const stake = fc.record({
      userId: fc.integer({ min: 1, max: 50 }),
      vote: fc.constantFrom('up' as const, 'flat' as const, 'down' as const),
      amount: fc.integer({ min: 1, max: 10_000_000 }),
    })
    fc.assert(
      fc.property(
        fc.array(stake, { maxLength: 60 }),
        fc.constantFrom('up' as const, 'flat' as const, 'down' as const),
        (stakes, outcome) => {
          const r = settlePot(stakes, outcome)
          const paid = [...r.payouts.values()].reduce((a, b) => a + b, 0)
          expect(paid + r.bank).toBe(r.pot)
          expect(r.bank).toBeGreaterThanOrEqual(0)
          // each winning stake rounds down by less than one hundredth
          const winningStakes = stakes.filter((s) => s.vote === outcome).length
          if (winningStakes > 0) expect(r.bank).toBeLessThan(winningStakes)
        },
      ),
    )
  })
})

describe('the Bank winning a poll', () => {
  const counts = (up: number, flat: number, down: number, totalTtcBet: number) => ({
    numUsersBetUp: up,
    numUsersBetFlat: flat,
    numUsersBetDown: down,
    totalTtcBet,
  })

  it('wins a decided pot nobody called, and nothing else', () => {
    expect(bankWonPot('down', counts(2, 1, 0, 12))).toBe(true)
    expect(bankWonPot('flat', counts(2, 1, 0, 12))).toBe(false)
    expect(bankWonPot(null, counts(2, 1, 0, 12))).toBe(false)
    expect(bankWonPot('up', counts(0, 0, 0, 0))).toBe(false)
  })

  it('says so exactly when the settlement pays nobody and the Bank takes the whole pot', () => {
    const stake = fc.record({
      userId: fc.integer({ min: 1, max: 50 }),
      vote: fc.constantFrom('up' as const, 'flat' as const, 'down' as const),
      amount: fc.integer({ min: 1, max: 10_000 }),
    })
    fc.assert(
      fc.property(
        fc.array(stake, { maxLength: 20 }),
        fc.constantFrom('up' as const, 'flat' as const, 'down' as const),
        (stakes, outcome) => {
          const side = (vote: string) => stakes.filter((s) => s.vote === vote).length
          const r = settlePot(stakes, outcome)
          const won = bankWonPot(outcome, counts(side('up'), side('flat'), side('down'), r.pot))
          expect(won).toBe(r.pot > 0 && r.payouts.size === 0 && r.bank === r.pot)
        },
      ),
    )
  })
})

describe('poll phase and outcome', () => {
  const poll = { endTime: 100, evalTime: 200 }
  it('is open before endTime, closed until evalTime, evaluated after', () => {
    expect(pollPhase(poll, 99)).toBe('open')
    expect(pollPhase(poll, 100)).toBe('closed')
    expect(pollPhase(poll, 199)).toBe('closed')
    expect(pollPhase(poll, 200)).toBe('evaluated')
  })
  it('counts moves inside the flat band as flat', () => {
    expect(pollOutcome(100, 100.05, 0.001)).toBe('flat')
    expect(pollOutcome(100, 100.2, 0.001)).toBe('up')
    expect(pollOutcome(100, 99.8, 0.001)).toBe('down')
    expect(pollOutcome(100, 100, 0)).toBe('flat')
  })
})
