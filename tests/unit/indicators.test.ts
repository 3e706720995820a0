import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rsi, rsiSeries, sma } from '../../src/domain/indicators'

describe('sma', () => {
  it('is the mean of the last n values', () => {
    // (6 + 7 + 8 + 9 + 10) / 5 = 40 / 5 = 8
    expect(sma([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 5)).toBe(8)
    // (10.5 + 11.25 + 9.75) / 3 = 31.5 / 3 = 10.5
    expect(sma([100, 10.5, 11.25, 9.75], 3)).toBeCloseTo(10.5, 12)
  })

  it('is undefined with too few values or a bad period', () => {
    expect(sma([1, 2], 3)).toBeUndefined()
    expect(sma([1, 2], 0)).toBeUndefined()
  })

  it('of a constant series is that constant', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 20 }),
        (value, period, extra) => {
          const result = sma(Array(period + extra).fill(value), period) as number
          expect(result).toBeCloseTo(value, 6)
        },
      ),
    )
  })

  it('lies between the smallest and the largest value of its window', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.01, max: 1e5, noNaN: true }), { minLength: 1 }), (values) => {
        const period = Math.min(values.length, 50)
        const window = values.slice(-period)
        const result = sma(values, period) as number
        expect(result).toBeGreaterThanOrEqual(Math.min(...window) * (1 - 1e-12))
        expect(result).toBeLessThanOrEqual(Math.max(...window) * (1 + 1e-12))
      }),
    )
  })
})

describe('rsi (Wilder)', () => {
  /*
   * Worked by hand (the classic 14-period example, closes rounded to cents):
   *
   *  #  close  change  gain  loss
   *  0  44.34
   *  1  44.09  -0.25         0.25
   *  2  44.15  +0.06   0.06
   *  3  43.61  -0.54         0.54
   *  4  44.33  +0.72   0.72
   *  5  44.83  +0.50   0.50
   *  6  45.10  +0.27   0.27
   *  7  45.42  +0.32   0.32
   *  8  45.84  +0.42   0.42
   *  9  46.08  +0.24   0.24
   * 10  45.89  -0.19         0.19
   * 11  46.03  +0.14   0.14
   * 12  45.61  -0.42         0.42
   * 13  46.28  +0.67   0.67
   * 14  46.28   0.00
   *                   ----  ----
   *                   3.34  1.40
   * first averages: gain 3.34 / 14 = 0.238571, loss 1.40 / 14 = 0.100000
   * RS = 2.385714; RSI = 100 - 100 / 3.385714 = 100 - 29.5359 = 70.4641
   *
   * 15  46.00  -0.28: gain (0.238571 * 13 + 0) / 14 = 0.221531
   *                   loss (0.100000 * 13 + 0.28) / 14 = 1.58 / 14 = 0.112857
   *                   RS = 1.962931; RSI = 100 - 100 / 2.962931 = 66.2497
   * 16  46.03  +0.03: gain (0.221531 * 13 + 0.03) / 14 = 0.207850
   *                   loss (0.112857 * 13) / 14 = 0.104796
   *                   RS = 1.983378; RSI = 100 - 100 / 2.983378 = 66.4809
   */
  const closes = [
    44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28,
    46.0, 46.03,
  ]

  it('matches the hand-worked example', () => {
    const series = rsiSeries(closes, 14)
    expect(series).toHaveLength(3)
    expect(series[0]).toBeCloseTo(70.4641, 3)
    expect(series[1]).toBeCloseTo(66.2497, 3)
    expect(series[2]).toBeCloseTo(66.4809, 3)
    expect(rsi(closes)).toBe(series[2])
  })

  it('needs period + 1 closes', () => {
    expect(rsi(closes.slice(0, 14))).toBeUndefined()
    expect(rsi(closes.slice(0, 15))).toBeCloseTo(70.4641, 3)
  })

  it('is 100 for a rising series, 0 for a falling one and 50 for a flat one', () => {
    const rising = Array.from({ length: 30 }, (_, i) => 10 + i)
    expect(rsi(rising)).toBe(100)
    expect(rsi([...rising].reverse())).toBe(0)
    expect(rsi(Array(20).fill(7))).toBe(50)
  })

  it('stays within 0 and 100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.0001, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 300 }),
        fc.integer({ min: 1, max: 30 }),
        (series, period) => {
          for (const value of rsiSeries(series, period)) {
            expect(value).toBeGreaterThanOrEqual(0)
            expect(value).toBeLessThanOrEqual(100)
          }
        },
      ),
    )
  })
})
