import { describe, expect, it } from 'vitest'
import { keysetPages } from '../../server/db/keyset-pages'

/** A read of the numbers 1..count in pages after a key, recording the keys asked. */
function numbers(count: number) {
  const asked: (number | undefined)[] = []
  const read = async (after: number | undefined, limit: number) => {
    asked.push(after)
    return Array.from({ length: count }, (_, i) => i + 1)
      .filter((n) => n > (after ?? 0))
      .slice(0, limit)
  }
  return { read, asked }
}

const all = async <T>(pages: AsyncIterable<readonly T[]>) => {
  const seen: (readonly T[])[] = []
  for await (const page of pages) seen.push(page)
  return seen
}

describe('keyset pages', () => {
  it('reads page after page from the last key, and stops at a short page', async () => {
    const { read, asked } = numbers(5)
    expect(await all(keysetPages(2, read, (last) => last))).toEqual([[1, 2], [3, 4], [5]])
    expect(asked).toEqual([undefined, 2, 4])
  })

  it('reads one more page, empty, when the rows fill the last page exactly', async () => {
    const { read, asked } = numbers(4)
    expect(await all(keysetPages(2, read, (last) => last))).toEqual([[1, 2], [3, 4], []])
    expect(asked).toEqual([undefined, 2, 4])
  })

  it('reads once for no rows', async () => {
    const { read, asked } = numbers(0)
    expect(await all(keysetPages(3, read, (last) => last))).toEqual([[]])
    expect(asked).toEqual([undefined])
  })
})
