import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  freeSignInFailures,
  maxSignInDelayMs,
  signInDelayMs,
  signInFailuresForgottenAfterMs,
} from '../../src/domain/sign-in-throttle'

describe('signInDelayMs', () => {
  it('lets the first five failures retry at once', () => {
    expect(freeSignInFailures).toBe(5)
    for (let failures = 0; failures < 5; failures++) expect(signInDelayMs(failures)).toBe(0)
  })

  it('then waits 1 s, 2 s, 4 s … doubling per failure', () => {
    expect([5, 6, 7, 8, 9, 10].map(signInDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000])
  })

  it('never waits more than 15 minutes', () => {
    expect(maxSignInDelayMs).toBe(15 * 60_000)
    expect(signInDelayMs(14)).toBe(512_000)
    expect(signInDelayMs(15)).toBe(maxSignInDelayMs)
    expect(signInDelayMs(1_000_000)).toBe(maxSignInDelayMs)
  })

  it('grows monotonically, stays within 0 .. 15 min and is a whole number of ms', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(100), (failures, more) => {
        const delay = signInDelayMs(failures)
        expect(Number.isInteger(delay)).toBe(true)
        expect(delay).toBeGreaterThanOrEqual(0)
        expect(delay).toBeLessThanOrEqual(maxSignInDelayMs)
        expect(signInDelayMs(failures + more)).toBeGreaterThanOrEqual(delay)
      }),
    )
  })

  it('forgets failures a day after the last one, long after any wait has ended', () => {
    expect(signInFailuresForgottenAfterMs).toBe(24 * 3600_000)
    fc.assert(
      fc.property(fc.nat(1_000_000), (failures) => {
        expect(signInDelayMs(failures)).toBeLessThan(signInFailuresForgottenAfterMs)
      }),
    )
  })
})
