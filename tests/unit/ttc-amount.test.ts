import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromHundredths, toHundredths } from '../../src/domain/currency'
import { maxTtcAmount, ttcAmountProblem } from '../../src/domain/ttc-amount'

describe('ttcAmountProblem', () => {
  it('takes every whole number of hundredths from 0.01 TTC up to the maximum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: maxTtcAmount * 100 }), (hundredths) => {
        expect(ttcAmountProblem(fromHundredths(hundredths))).toBeUndefined()
      }),
    )
    expect(ttcAmountProblem(0.01)).toBeUndefined()
    expect(ttcAmountProblem(0.1 + 0.2)).toBeUndefined()
    expect(ttcAmountProblem(maxTtcAmount)).toBeUndefined()
  })

  it('keeps every amount it takes an exact positive integer of hundredths', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: maxTtcAmount * 10, noNaN: true }), (ttc) => {
        if (ttcAmountProblem(ttc) !== undefined) return
        expect(Number.isSafeInteger(toHundredths(ttc))).toBe(true)
        expect(toHundredths(ttc)).toBeGreaterThanOrEqual(1)
      }),
    )
  })

  it('refuses 0, negative amounts and amounts that round to no hundredth as not positive', () => {
    for (const ttc of [0, -0, -0.01, -5, Number.NEGATIVE_INFINITY, 1e-9, 5e-324, Number.MIN_VALUE])
      expect(ttcAmountProblem(ttc), String(ttc)).toBe('notPositive')
  })

  it('refuses a third decimal before asking whether anything is left', () => {
    for (const ttc of [0.004, 0.001, 1e-7, 1.005, 12.345])
      expect(ttcAmountProblem(ttc), String(ttc)).toBe('decimals')
  })

  it('refuses amounts above the maximum, whose hundredths would not be exact', () => {
    for (const ttc of [maxTtcAmount + 0.01, 1e21, Number.MAX_SAFE_INTEGER, 1e308, Number.POSITIVE_INFINITY])
      expect(ttcAmountProblem(ttc), String(ttc)).toBe('tooLarge')
    expect(ttcAmountProblem(1_000_000.01, 1_000_000)).toBe('tooLarge')
    expect(ttcAmountProblem(1_000_000, 1_000_000)).toBeUndefined()
  })

  it('calls NaN no number', () => {
    expect(ttcAmountProblem(Number.NaN)).toBe('notANumber')
  })
})
