import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromHundredths, hasAtMostTwoDecimals, toHundredths, ttcSymbol } from '../../src/domain/currency'

/** Hundredths of every amount a wallet can hold, well past any balance the game will see. */
const hundredths = fc.integer({ min: -1e12, max: 1e12 })
/**
 * The two-decimals check works with an absolute tolerance, which float error exceeds from about
 * 3 * 10^8 TTC on; 10^8 TTC is far beyond what the game's money supply reaches.
 */
const checkableHundredths = fc.integer({ min: -1e10, max: 1e10 })

describe('currency', () => {
  it('names the game currency TTC', () => {
    expect(ttcSymbol).toBe('TTC')
  })

  it('converts between TTC and integer hundredths', () => {
    expect(toHundredths(100)).toBe(10_000)
    expect(toHundredths(0.01)).toBe(1)
    expect(toHundredths(12.34)).toBe(1234)
    expect(toHundredths(-0.5)).toBe(-50)
    expect(fromHundredths(10_000)).toBe(100)
    expect(fromHundredths(1)).toBe(0.01)
    expect(fromHundredths(-1234)).toBe(-12.34)
  })

  it('rounds binary noise away: 0.1 + 0.2 is 30 hundredths, 1.15 is 115', () => {
    expect(toHundredths(0.1 + 0.2)).toBe(30)
    expect(toHundredths(1.15)).toBe(115)
    expect(toHundredths(4.35)).toBe(435)
  })

  it('round-trips every two-decimal amount: hundredths -> TTC -> hundredths', () => {
    fc.assert(
      fc.property(hundredths, (h) => {
        expect(toHundredths(fromHundredths(h))).toBe(h)
      }),
    )
  })

  it('round-trips every two-decimal amount written as a decimal string: TTC -> hundredths -> TTC', () => {
    fc.assert(
      fc.property(hundredths, (h) => {
        const ttc = Number((h / 100).toFixed(2))
        expect(fromHundredths(toHundredths(ttc))).toBe(ttc)
      }),
    )
  })

  it('keeps sums exact in hundredths where floating-point sums drift', () => {
    fc.assert(
      fc.property(fc.array(hundredths, { maxLength: 50 }), (amounts) => {
        const inTtc = amounts.map(fromHundredths)
        const total = inTtc.reduce((sum, ttc) => sum + toHundredths(ttc), 0)
        expect(total).toBe(amounts.reduce((sum, h) => sum + h, 0))
      }),
    )
  })

  it('accepts amounts with at most two decimals', () => {
    fc.assert(
      fc.property(checkableHundredths, (h) => {
        expect(hasAtMostTwoDecimals(fromHundredths(h))).toBe(true)
      }),
    )
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true)
    expect(hasAtMostTwoDecimals(0)).toBe(true)
    expect(hasAtMostTwoDecimals(-3)).toBe(true)
  })

  it('refuses amounts with a third decimal and numbers that are not finite', () => {
    expect(hasAtMostTwoDecimals(0.001)).toBe(false)
    expect(hasAtMostTwoDecimals(1.005)).toBe(false)
    expect(hasAtMostTwoDecimals(12.345)).toBe(false)
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false)
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false)
    expect(hasAtMostTwoDecimals(Number.NEGATIVE_INFINITY)).toBe(false)
    fc.assert(
      fc.property(checkableHundredths, fc.integer({ min: 1, max: 9 }), (h, thousandth) => {
        expect(hasAtMostTwoDecimals(h / 100 + thousandth / 1000)).toBe(false)
      }),
    )
  })
})
