import { describe, expect, it } from 'vitest'
import { feedActionOf, indexAfterRemoval, movedIndex } from '../../../../src/views/stream/feed-keys'

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
})

describe('live stream keyboard scheme', () => {
  it('moves with j/k and the arrows, tags with u/d, pauses with p (either case)', () => {
    expect(feedActionOf(press('j'))).toEqual({ kind: 'move', to: 'next' })
    expect(feedActionOf(press('ArrowDown'))).toEqual({ kind: 'move', to: 'next' })
    expect(feedActionOf(press('K'))).toEqual({ kind: 'move', to: 'previous' })
    expect(feedActionOf(press('End'))).toEqual({ kind: 'move', to: 'last' })
    expect(feedActionOf(press('u'))).toEqual({ kind: 'tag', trend: 'Up' })
    expect(feedActionOf(press('D'))).toEqual({ kind: 'tag', trend: 'Down' })
    expect(feedActionOf(press('p'))).toEqual({ kind: 'togglePause' })
  })

  it('leaves other keys and modified presses to the browser', () => {
    expect(feedActionOf(press('x'))).toBeUndefined()
    expect(feedActionOf(press('Tab'))).toBeUndefined()
    expect(feedActionOf(press('toString'))).toBeUndefined()
    expect(feedActionOf(press('d', { ctrlKey: true }))).toBeUndefined()
    expect(feedActionOf(press('j', { metaKey: true }))).toBeUndefined()
  })

  it('clamps moves to the list and finds a neighbour for a message that leaves', () => {
    expect(movedIndex('next', 0, 3)).toBe(1)
    expect(movedIndex('next', 2, 3)).toBe(2)
    expect(movedIndex('previous', 0, 3)).toBe(0)
    expect(movedIndex('last', 0, 3)).toBe(2)
    expect(movedIndex('first', 2, 3)).toBe(0)
    expect(movedIndex('next', 0, 0)).toBe(-1)
    expect(indexAfterRemoval(0, 3)).toBe(1)
    expect(indexAfterRemoval(2, 3)).toBe(1)
    expect(indexAfterRemoval(0, 1)).toBe(-1)
  })
})
