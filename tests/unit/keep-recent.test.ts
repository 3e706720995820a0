import { describe, expect, it } from 'vitest'
import { keepRecent } from '../../server/keep-recent'

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
