import { describe, expect, it } from 'vitest'
import { VersionedCache } from '../../server/game/versioned-cache'

describe('versioned cache', () => {
  it('keeps a value while its key holds, the clock is before validUntil and it is young enough', async () => {
    const cache = new VersionedCache<number>(60_000)
    let computed = 0
    const compute = (validUntil?: number) => async () => ({ value: ++computed, validUntil })
    expect(await cache.get('slot', 'v1', 0, compute(100))).toBe(1)
    expect(await cache.get('slot', 'v1', 99, compute())).toBe(1)
    expect(await cache.get('slot', 'v1', 100, compute())).toBe(2)
    expect(await cache.get('slot', 'v2', 100, compute())).toBe(3)
    expect(await cache.get('other', 'v2', 100, compute())).toBe(4)
    const young = new VersionedCache<number>(0)
    expect(await young.get('slot', 'v', 0, compute())).toBe(5)
    expect(await young.get('slot', 'v', 0, compute())).toBe(6)
  })

  it('shares one computation between callers and forgets a failed one', async () => {
    const cache = new VersionedCache<string>(60_000)
    let calls = 0
    let release: (value: { value: string }) => void = () => {}
    const slow = () => {
      calls += 1
      return new Promise<{ value: string }>((resolve) => {
        release = resolve
      })
    }
    const first = cache.get('slot', 'k', 0, slow)
    const second = cache.get('slot', 'k', 0, slow)
    release({ value: 'done' })
    expect(await Promise.all([first, second])).toEqual(['done', 'done'])
    expect(calls).toBe(1)
    await expect(cache.get('slot', 'k2', 0, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await cache.get('slot', 'k2', 0, async () => ({ value: 'again' }))).toBe('again')
  })

  it('drops the least recently used slot beyond its size', async () => {
    const cache = new VersionedCache<string>(60_000, 2)
    await cache.get('a', 'k', 0, async () => ({ value: 'a1' }))
    await cache.get('b', 'k', 0, async () => ({ value: 'b1' }))
    await cache.get('c', 'k', 0, async () => ({ value: 'c1' }))
    expect(await cache.get('a', 'k', 0, async () => ({ value: 'a2' }))).toBe('a2')
  })
})
