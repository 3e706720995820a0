import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bankTakesIf,
  bankWonPot,
  payoutIfAdded,
  payoutOfPlaced,
  payoutPerTtc,
  potOf,
  type SidePots,
  settlePot,
  sidePotsOf,
} from '../../src/domain/parimutuel'
import { ownBetPayoutNow, sideOdds, wagerPayoutPreview } from '../../src/domain/poll-market'
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

describe('the pot per side and what a side pays', () => {
  const sides = ['up', 'flat', 'down'] as const
  const pots = (up: number, flat: number, down: number): SidePots => ({ up, flat, down })

  it('reads the results’ TTC per side as hundredths', () => {
    const read = sidePotsOf({ ttcBetUp: 12.5, ttcBetFlat: 0, ttcBetDown: 0.29 })
    expect(read).toEqual({ up: 1250, flat: 0, down: 29 })
    expect(potOf(read)).toBe(1279)
  })

  it('pays per 1 TTC the pot over the side’s stake, the new TTC counted on both', () => {
    // 30 up, 10 down: 1 TTC more up shares 41 over 31, down 41 over 11
    const now = pots(3000, 0, 1000)
    expect(payoutPerTtc(now, 'up')).toBe(1.32)
    expect(payoutPerTtc(now, 'down')).toBe(3.72)
    // nobody on flat: 1 TTC there would take the whole pot
    expect(payoutPerTtc(now, 'flat')).toBe(41)
  })

  it('pays a stake back in an empty pot', () => {
    for (const side of sides) {
      expect(payoutPerTtc(pots(0, 0, 0), side)).toBe(1)
      expect(payoutIfAdded(pots(0, 0, 0), side, 2500)).toBe(2500)
      expect(payoutOfPlaced(pots(0, 0, 0), side, 2500)).toBe(0)
    }
  })

  it('pays a bet in the pot its share of the pot as it is now', () => {
    // my 25 of the 30 up, pot 40: 25 / 30 of 40
    expect(payoutOfPlaced(pots(3000, 0, 1000), 'up', 2500)).toBe(3333)
    // alone on a side: the whole pot
    expect(payoutOfPlaced(pots(0, 700, 1000), 'flat', 700)).toBe(1700)
  })

  it('names the Bank the winner of a side nobody is on', () => {
    expect(bankTakesIf(pots(3000, 0, 1000), 'flat')).toBe(4000)
    expect(bankTakesIf(pots(3000, 0, 1000), 'up')).toBe(0)
    expect(bankTakesIf(pots(0, 0, 0), 'down')).toBe(0)
  })

  it('estimates exactly what the settlement would pay a new stake if its side won', () => {
    const stake = fc.record({
      userId: fc.integer({ min: 1, max: 50 }),
      vote: fc.constantFrom(...sides),
      amount: fc.integer({ min: 1, max: 1_000_000 }),
    })
    fc.assert(
      fc.property(
        fc.array(stake, { maxLength: 30 }),
        fc.constantFrom(...sides),
        fc.integer({ min: 1, max: 1_000_000 }),
        (stakes, side, mine) => {
          const staked = (vote: string) =>
            stakes.filter((s) => s.vote === vote).reduce((sum, s) => sum + s.amount, 0)
          const before = pots(staked('up'), staked('flat'), staked('down'))
          const settled = settlePot([...stakes, { userId: 99, vote: side, amount: mine }], side)
          expect(payoutIfAdded(before, side, mine)).toBe(settled.payouts.get(99))
          const after = { ...before, [side]: before[side] + mine }
          expect(payoutOfPlaced(after, side, mine)).toBe(settled.payouts.get(99))
        },
      ),
    )
  })
})

describe('a poll as a market (the card’s figures)', () => {
  const results = { ttcBetUp: 30, ttcBetFlat: 0, ttcBetDown: 10 }

  it('lists each side’s pot and payout per 1 TTC, and the sides nobody is on', () => {
    expect(sideOdds(results)).toEqual([
      { side: 'up', pot: 30, payoutPerTtc: 1.32, bankWouldTake: false },
      { side: 'flat', pot: 0, payoutPerTtc: 41, bankWouldTake: true },
      { side: 'down', pot: 10, payoutPerTtc: 3.72, bankWouldTake: false },
    ])
    // an empty pot: every side pays the stake back, no Bank
    expect(
      sideOdds({ ttcBetUp: 0, ttcBetFlat: 0, ttcBetDown: 0 }).map((s) => [s.payoutPerTtc, s.bankWouldTake]),
    ).toEqual([
      [1, false],
      [1, false],
      [1, false],
    ])
  })

  it('says what the player’s bet pays now, counted in the pot or joining it', () => {
    // the server's answer counts my 10 down: 40 over 10
    expect(ownBetPayoutNow(results, 'down', 10, true)).toBe(40)
    // kept here only: my 10 joins the down side, 50 over 20
    expect(ownBetPayoutNow(results, 'down', 10, false)).toBe(25)
    expect(ownBetPayoutNow(results, 'flat', 0.5, false)).toBe(40.5)
  })

  it('previews what the bet form’s side and wager would pay, once they make a bet the game takes', () => {
    // 10 down joins the pot: 50 over 20
    expect(wagerPayoutPreview(results, 'down', '10', 100)).toEqual({ side: 'down', stake: 10, payout: 25 })
    // a decimal comma: 10.50 down, 50.50 over 20.50, rounded down to a hundredth
    expect(wagerPayoutPreview(results, 'down', '10,50', 100)?.payout).toBe(25.86)
    expect(wagerPayoutPreview(results, 'up', 10, 100)?.payout).toBe(12.5)
    // no side yet, an empty, invalid or too large wager: nothing to say
    expect(wagerPayoutPreview(results, undefined, '10', 100)).toBeUndefined()
    for (const wager of ['', '0', 'ten', '1.555', '101'])
      expect(wagerPayoutPreview(results, 'down', wager, 100), wager).toBeUndefined()
  })
})
