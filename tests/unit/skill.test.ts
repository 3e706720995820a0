import { describe, expect, it } from 'vitest'
import {
  binomialTailAgainstHalf,
  crowdShareOfSide,
  type JudgedCall,
  relativeScore,
  showsSkill,
  skillOf,
  wilsonInterval,
} from '../../src/domain/skill'

const call = (correct: boolean, trend: 'Up' | 'Down', crowdUp = 0, crowdDown = 0): JudgedCall => ({
  correct,
  trend,
  crowdUp,
  crowdDown,
})

describe('wilsonInterval (95 %)', () => {
  it('matches the textbook values', () => {
    // 8 of 10: (0.4902, 0.9433)
    const eight = wilsonInterval(8, 10)
    expect(eight.low).toBeCloseTo(0.49016, 4)
    expect(eight.high).toBeCloseTo(0.94332, 4)
    // 15 of 30 is symmetric about 1/2
    const half = wilsonInterval(15, 30)
    expect(half.low).toBeCloseTo(0.33154, 4)
    expect(half.high).toBeCloseTo(0.66846, 4)
  })
  it('is not zero-width at the edges and stays in [0, 1]', () => {
    const all = wilsonInterval(30, 30)
    expect(all.low).toBeCloseTo(0.88649, 4)
    expect(all.high).toBeCloseTo(1, 12)
    const none = wilsonInterval(0, 10)
    expect(none.low).toBeCloseTo(0, 12)
    expect(none.high).toBeCloseTo(0.27753, 4)
  })
  it('is all of [0, 1] with nothing judged', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 })
  })
})

describe('binomialTailAgainstHalf: P(X ≥ k), X ~ Bin(n, 1/2)', () => {
  it('matches exact tails', () => {
    expect(binomialTailAgainstHalf(20, 30)).toBeCloseTo(0.0493686, 6)
    expect(binomialTailAgainstHalf(8, 10)).toBeCloseTo(56 / 1024, 10)
    expect(binomialTailAgainstHalf(15, 30)).toBeCloseTo(0.5722322, 6)
    expect(binomialTailAgainstHalf(60, 100)).toBeCloseTo(0.028444, 6)
    expect(binomialTailAgainstHalf(1, 1)).toBe(0.5)
    expect(binomialTailAgainstHalf(10, 10)).toBeCloseTo(1 / 1024, 12)
  })
  it('is 1 for k ≤ 0 and nothing judged, 0 past n', () => {
    expect(binomialTailAgainstHalf(0, 0)).toBe(1)
    expect(binomialTailAgainstHalf(0, 50)).toBe(1)
    expect(binomialTailAgainstHalf(11, 10)).toBe(0)
  })
  it('stays finite and ordered for large n, where C(n, k) and 2^n overflow a double', () => {
    // n = 10 000: 2^n is far past Number.MAX_VALUE. Half right is about 1/2; 52 % is z = 4 (p ≈ 3.2e-5).
    const middle = binomialTailAgainstHalf(5000, 10_000)
    expect(middle).toBeGreaterThan(0.5)
    expect(middle).toBeLessThan(0.51)
    expect(binomialTailAgainstHalf(5200, 10_000) / 3.296757799336221e-5).toBeCloseTo(1, 6)
    expect(binomialTailAgainstHalf(1, 100_000)).toBeCloseTo(1, 6)
    const tiny = binomialTailAgainstHalf(9000, 10_000)
    expect(tiny).toBeGreaterThanOrEqual(0)
    expect(tiny).toBeLessThan(1e-300)
  })
})

describe('relative score against the crowd', () => {
  it('takes 1/2 as the share when nobody had tagged before', () => {
    expect(crowdShareOfSide(call(true, 'Up'))).toBe(0.5)
    expect(crowdShareOfSide(call(true, 'Down', 3, 1))).toBe(0.25)
  })
  it('pays more for being right against the crowd than with it', () => {
    const against = relativeScore([call(true, 'Down', 3, 1)]) // share 1/4
    const withCrowd = relativeScore([call(true, 'Up', 3, 1)]) // share 3/4
    expect(against).toBeCloseTo(0.75, 12)
    expect(withCrowd).toBeCloseTo(0.25, 12)
    expect(relativeScore([call(false, 'Up', 3, 1)])).toBeCloseTo(-0.75, 12)
    expect(relativeScore([call(false, 'Down', 3, 1)])).toBeCloseTo(-0.25, 12)
  })
  it('is zero for following a crowd exactly as often right as its share, null with nothing judged', () => {
    // with a 4:1 crowd on Up, right 4 times of 5: 4 × 0.2 − 0.8 = 0
    const calls = [...Array.from({ length: 4 }, () => call(true, 'Up', 4, 1)), call(false, 'Up', 4, 1)]
    expect(relativeScore(calls)).toBeCloseTo(0, 12)
    expect(relativeScore([])).toBeNull()
  })
})

describe('skillOf', () => {
  it('shows skill only at p < 0.05 over at least 30 judged', () => {
    const record = (correct: number, judged: number) =>
      skillOf(Array.from({ length: judged }, (_, i) => call(i < correct, 'Up')))
    // 20 of 30: p = 0.0494
    const twenty = record(20, 30)
    expect(twenty).toMatchObject({ judged: 30, correct: 20, skillShown: true })
    expect(twenty.hitRate).toBeCloseTo(2 / 3, 12)
    expect(twenty.pValue).toBeCloseTo(0.0493686, 6)
    // 19 of 30: p = 0.1002
    expect(record(19, 30).skillShown).toBe(false)
    // 29 of 29 is luck-proof (p = 2^-29) yet under the minimum count
    expect(record(29, 29).skillShown).toBe(false)
    expect(showsSkill(30, 0.049)).toBe(true)
    expect(showsSkill(30, 0.05)).toBe(false)
  })
  it('has no hit rate and the widest interval with nothing judged', () => {
    expect(skillOf([])).toEqual({
      judged: 0,
      correct: 0,
      hitRate: null,
      interval: { low: 0, high: 1 },
      pValue: 1,
      skillShown: false,
      relativeScore: null,
    })
  })
})
