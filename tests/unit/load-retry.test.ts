import { describe, expect, it } from 'vitest'
import { loadStatusOf, oneMoreFailure, retryDelayMs } from '~/machines/load-retry'

describe('the background retry of a failed list load', () => {
  it('waits longer after each failure in a row, 60 s at most', () => {
    let failures = 0
    const waits: number[] = []
    for (let i = 0; i < 6; i++) {
      failures = oneMoreFailure(failures)
      waits.push(retryDelayMs(failures))
    }
    expect(waits).toEqual([2_000, 10_000, 60_000, 60_000, 60_000, 60_000])
    // the count saturates: a machine keeping it has a few states only
    expect(failures).toBe(3)
  })
})

describe('what a loaded list shows', () => {
  it('a skeleton until the first answer, unless data was kept', () => {
    expect(loadStatusOf({ failures: 0, settled: false }, false)).toBe('loading')
    expect(loadStatusOf({ failures: 0, settled: false }, true)).toBe('ready')
  })

  it('its empty text only when a load succeeded with nothing', () => {
    expect(loadStatusOf({ failures: 0, settled: true }, false)).toBe('empty')
    expect(loadStatusOf({ failures: 0, settled: true }, true)).toBe('ready')
  })

  it('a failure instead of emptiness, kept while a retry runs; a notice above data it had', () => {
    expect(loadStatusOf({ failures: 1, settled: false }, false)).toBe('failed')
    expect(loadStatusOf({ failures: 2, settled: false }, true)).toBe('refreshFailed')
  })
})
