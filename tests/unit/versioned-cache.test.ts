import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { cachePreparedStatements } from '../../server/db/statement-cache'
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

describe('prepared statement cache', () => {
  it('reuses statements per SQL text and keeps working through schema changes', () => {
    const sqlite = new SQLite(':memory:')
    cachePreparedStatements(sqlite, 2)
    sqlite.prepare('create table t (x integer)').run()
    const insert = sqlite.prepare('insert into t (x) values (?)')
    expect(sqlite.prepare('insert into t (x) values (?)')).toBe(insert)
    insert.run(1)
    sqlite.prepare('insert into t (x) values (?)').run(2)
    sqlite.prepare('alter table t add column y integer').run()
    expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: 2 })
    // the size bound: the insert was dropped, a new statement is made
    expect(sqlite.prepare('insert into t (x) values (?)')).not.toBe(insert)
    sqlite.close()
  })
})
