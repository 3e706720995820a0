import { afterEach, describe, expect, it, vi } from 'vitest'
import { launchTicket, VersionedCache } from '../../server/game/versioned-cache'

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

  it("hands a computation the slot's last computed value, none after a failure or for a new slot", async () => {
    const cache = new VersionedCache<string>(60_000)
    const seen: (string | undefined)[] = []
    const next = (value: string) => async (previous: string | undefined) => {
      seen.push(previous)
      return { value }
    }
    await cache.get('slot', 'k1', 0, next('one'))
    await cache.get('slot', 'k2', 0, next('two'))
    await cache.get('other', 'k1', 0, next('elsewhere'))
    await expect(
      cache.get('slot', 'k3', 0, async () => {
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    await cache.get('slot', 'k4', 0, next('four'))
    expect(seen).toEqual([undefined, 'one', undefined, undefined])
  })

  it('drops the least recently used slot beyond its size', async () => {
    const cache = new VersionedCache<string>(60_000, 2)
    await cache.get('a', 'k', 0, async () => ({ value: 'a1' }))
    await cache.get('b', 'k', 0, async () => ({ value: 'b1' }))
    await cache.get('c', 'k', 0, async () => ({ value: 'c1' }))
    expect(await cache.get('a', 'k', 0, async () => ({ value: 'a2' }))).toBe('a2')
  })
})

describe('versioned cache with tickets (rebuilds gathered)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A computation that finishes when the test says, counting its starts. */
  function controlled() {
    const starts: string[] = []
    const pending: ((value: { value: string }) => void)[] = []
    const compute = (name: string) => () => {
      starts.push(name)
      return new Promise<{ value: string }>((resolve) => pending.push(resolve))
    }
    const finish = (value: string) => pending.shift()?.({ value })
    return { starts, compute, finish }
  }

  it('serves a value launched after the ticket whatever its key, never one launched before', async () => {
    const cache = new VersionedCache<string>(60_000, 10, 0)
    const before = launchTicket()
    expect(await cache.get('slot', 'k1', 0, async () => ({ value: 'first' }), before)).toBe('first')
    // launched after `before`: serves a caller of that ticket even under another key
    expect(await cache.get('slot', 'k0', 0, async () => ({ value: 'unused' }), before)).toBe('first')
    // a caller whose versions were read after it: a new key needs a new computation
    const after = launchTicket()
    expect(await cache.get('slot', 'k2', 0, async () => ({ value: 'second' }), after)).toBe('second')
    // an equal key is served as before
    expect(await cache.get('slot', 'k2', 0, async () => ({ value: 'unused' }), launchTicket())).toBe('second')
  })

  it('has callers who arrive while it computes share the next computation, started after it ends', async () => {
    const cache = new VersionedCache<string>(60_000, 10, 0)
    const { starts, compute, finish } = controlled()
    const first = cache.get('slot', 'k1', 0, compute('k1'), launchTicket())
    const late = ['k2', 'k3', 'k4'].map((key) => cache.get('slot', key, 0, compute(key), launchTicket()))
    await Promise.resolve()
    expect(starts).toEqual(['k1'])
    finish('one')
    expect(await first).toBe('one')
    await vi.waitFor(() => expect(starts).toHaveLength(2))
    finish('two')
    expect(await Promise.all(late)).toEqual(['two', 'two', 'two'])
    // the first caller's computation of the gathering ran, under the newest key seen
    expect(starts).toEqual(['k1', 'k2'])
    expect(await cache.get('slot', 'k4', 0, compute('k4 again'), launchTicket())).toBe('two')
  })

  it('starts a slot at most once per gatherMs', async () => {
    vi.useFakeTimers()
    const cache = new VersionedCache<string>(60_000, 10, 50)
    const { starts, compute, finish } = controlled()
    const first = cache.get('slot', 'k1', 0, compute('k1'), launchTicket())
    finish('one')
    expect(await first).toBe('one')
    const next = cache.get('slot', 'k2', 0, compute('k2'), launchTicket())
    await vi.advanceTimersByTimeAsync(49)
    expect(starts).toEqual(['k1'])
    await vi.advanceTimersByTimeAsync(1)
    expect(starts).toEqual(['k1', 'k2'])
    finish('two')
    expect(await next).toBe('two')
    // once gatherMs has passed, a changed key computes at once
    await vi.advanceTimersByTimeAsync(50)
    const third = cache.get('slot', 'k3', 0, compute('k3'), launchTicket())
    expect(starts).toEqual(['k1', 'k2', 'k3'])
    finish('three')
    expect(await third).toBe('three')
  })

  it('gives the gathered callers a failed computation as failed, and computes again for the next', async () => {
    const cache = new VersionedCache<string>(60_000, 10, 0)
    const { compute, finish } = controlled()
    const first = cache.get('slot', 'k1', 0, compute('k1'), launchTicket())
    const failing = cache.get('slot', 'k2', 0, () => Promise.reject(new Error('boom')), launchTicket())
    finish('one')
    expect(await first).toBe('one')
    await expect(failing).rejects.toThrow('boom')
    expect(await cache.get('slot', 'k2', 0, async () => ({ value: 'again' }), launchTicket())).toBe('again')
  })
})
