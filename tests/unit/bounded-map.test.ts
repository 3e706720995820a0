import { describe, expect, it } from 'vitest'
import { BoundedMap, keepRecent } from '../../src/domain/bounded-map'

describe('bounded map', () => {
  it('forgets the oldest key inserted once full, and never grows past its capacity', () => {
    const map = new BoundedMap<number, string>(3)
    for (let key = 0; key < 100; key += 1) map.set(key, `v${key}`)
    expect(map.size).toBe(3)
    expect([map.has(96), map.get(97), map.get(98), map.get(99)]).toEqual([false, 'v97', 'v98', 'v99'])
  })

  it('replaces a kept key without forgetting another', () => {
    const map = new BoundedMap<string, number>(2)
    map.set('a', 1)
    map.set('b', 2)
    map.set('a', 3)
    expect([map.get('a'), map.get('b'), map.size]).toEqual([3, 2, 2])
  })

  it('computes a missing value once, a kept undefined or null too', () => {
    const map = new BoundedMap<number, number | null>(4)
    let computed = 0
    const compute = (key: number) => {
      computed += 1
      return key === 0 ? null : key * 2
    }
    expect([map.getOrCompute(0, compute), map.getOrCompute(0, compute)]).toEqual([null, null])
    expect([map.getOrCompute(5, compute), map.getOrCompute(5, compute)]).toEqual([10, 10])
    expect(computed).toBe(2)
  })

  it('refuses a capacity below one', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError)
  })
})

describe('keepRecent', () => {
  it('keeps the most recently used last and drops the least recently used beyond the limit', () => {
    const map = new Map<string, number>()
    keepRecent(map, 'a', 1, 2)
    keepRecent(map, 'b', 2, 2)
    keepRecent(map, 'a', 3, 2)
    expect([...map]).toEqual([
      ['b', 2],
      ['a', 3],
    ])
    keepRecent(map, 'c', 4, 2)
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ])
  })

  it('keeps nothing with a limit of 0, and forgets the key it was given', () => {
    const map = new Map([['a', 1]])
    keepRecent(map, 'a', 2, 0)
    expect(map.size).toBe(0)
  })
})
