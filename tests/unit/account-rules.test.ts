import { describe, expect, it } from 'vitest'
import { initialsOf, isRanked, trophyCounts, trophyKindOf } from '~/domain/account-summary'
import { combinePatches, notificationPatch } from '~/domain/settings-patch'
import { addTitle, removeTitle, titlesToAdd } from '~/domain/title-list'

describe('account summary rules', () => {
  it('turns weekly ranks 1 to 3 into gold, silver and bronce, nothing else', () => {
    expect([0, 1, 2, 3, 4].map(trophyKindOf)).toEqual([undefined, 'gold', 'silver', 'bronce', undefined])
  })

  it('adds up trophies over groups by kind', () => {
    const badges = [
      { groupName: 'Alpha', rank: 1, count: 2 },
      { groupName: 'Club', rank: 1, count: 1 },
      { groupName: 'Club', rank: 3, count: 4 },
    ]
    expect(trophyCounts(badges)).toEqual({ gold: 3, silver: 0, bronce: 4 })
    expect(trophyCounts([])).toEqual({ gold: 0, silver: 0, bronce: 0 })
  })

  it('treats rank 0 as not ranked and makes initials from letters and digits', () => {
    expect(isRanked(0)).toBe(false)
    expect(isRanked(7)).toBe(true)
    expect(initialsOf('alice_99')).toBe('AL')
    expect(initialsOf('__')).toBe('?')
  })
})

describe('watch list rules', () => {
  it('adds a title once, at the end, and removes it', () => {
    expect(addTitle([1, 2], 3)).toEqual([1, 2, 3])
    expect(addTitle([1, 2], 1)).toEqual([1, 2])
    expect(removeTitle([1, 2, 3], 2)).toEqual([1, 3])
  })

  it('offers unlisted, named titles matching the query, alphabetically, up to the limit', () => {
    const titles = [
      { id: 1, n: 'Tesla' },
      { id: 2, n: 'Apple' },
      { id: 3, n: 'Applied Materials' },
      { id: 4 },
      { id: 5, n: 'Pineapple Corp' },
    ]
    expect(titlesToAdd(titles, [2], 'APP').map((title) => title.id)).toEqual([3, 5])
    expect(titlesToAdd(titles, [], '', 2).map((title) => title.id)).toEqual([2, 3])
  })
})

describe('settings patches', () => {
  it('switches one channel of one notification kind', () => {
    expect(notificationPatch('dailyCloseout', 'push', true)).toEqual({
      notifications: { dailyCloseout: { push: true } },
    })
  })

  it('combines patches key by key, the later winning, without empty kinds', () => {
    const first = { ...notificationPatch('importantMessages', 'email', true), watchList: [1] }
    const later = { ...notificationPatch('importantMessages', 'email', false), watchList: [1, 2] }
    expect(combinePatches(first, later)).toEqual({
      notifications: { importantMessages: { email: false } },
      watchList: [1, 2],
    })
    expect(combinePatches(undefined, later)).toBe(later)
    expect(combinePatches({ watchList: [3] }, notificationPatch('dailyCloseout', 'email', true))).toEqual({
      watchList: [3],
      notifications: { dailyCloseout: { email: true } },
    })
  })
})
