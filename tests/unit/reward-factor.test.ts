import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fullRewardRunningLimit, rewardFactorFor } from '../../src/domain/reward-factor'

describe('rewardFactorFor', () => {
  it('pays the full reward while the new prediction is one of the first 20 running', () => {
    expect(fullRewardRunningLimit).toBe(20)
    for (let running = 0; running < 20; running++) expect(rewardFactorFor(running)).toBe(1)
  })

  it('is 20 / (running predictions after this one) beyond that', () => {
    expect(rewardFactorFor(20)).toBeCloseTo(20 / 21, 12)
    expect(rewardFactorFor(39)).toBe(0.5)
    expect(rewardFactorFor(79)).toBe(0.25)
    expect(rewardFactorFor(199)).toBe(0.1)
  })

  it('equals min(1, 20 / (running + 1)) for every count', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), (running) => {
        expect(rewardFactorFor(running)).toBe(Math.min(1, 20 / (running + 1)))
      }),
    )
  })

  it('stays in (0, 1] and never grows with more running predictions', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000), (running, more) => {
        const factor = rewardFactorFor(running)
        expect(factor).toBeGreaterThan(0)
        expect(factor).toBeLessThanOrEqual(1)
        expect(rewardFactorFor(running + more)).toBeLessThanOrEqual(factor)
      }),
    )
  })

  it('treats a negative count (a bad caller) as none running', () => {
    expect(rewardFactorFor(-5)).toBe(1)
  })
})
