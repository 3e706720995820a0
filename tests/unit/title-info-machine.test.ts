import { describe, expect, it } from 'vitest'
import type { TitleInfo } from '~/machines/socket.types'
import type { StoreContext } from '~/machines/store.types'
import { selectTitleCurrency, selectTitleName } from '~/machines/title-info.machine'

const context = (data: readonly TitleInfo[]): StoreContext<readonly TitleInfo[]> => ({
  data,
  loggedIn: true,
  failures: 0,
})

const universe = context([
  { id: 2494, n: 'Apple', currency: 'USD' },
  { id: 1000001, n: 'DAX', currency: 'PTS' },
  { id: 99990, n: 'Euro / Pound', currency: 'GBP' },
  // a title the socket named but the universe does not list
  { id: 7 },
])

describe('the title info selectors', () => {
  it('names a known title and none for an unknown one', () => {
    expect(selectTitleName(universe, 1000001)).toBe('DAX')
    expect(selectTitleName(universe, 42)).toBeUndefined()
  })

  it("gives a title's currency as the universe lists it", () => {
    expect(selectTitleCurrency(universe, 2494)).toBe('USD')
    expect(selectTitleCurrency(universe, 1000001)).toBe('PTS')
    expect(selectTitleCurrency(universe, 99990)).toBe('GBP')
  })

  it('falls back to USD (spec §9) while the title or its currency is unknown', () => {
    expect(selectTitleCurrency(context([]), 2494)).toBe('USD')
    expect(selectTitleCurrency(universe, 42)).toBe('USD')
    expect(selectTitleCurrency(universe, 7)).toBe('USD')
    expect(selectTitleCurrency(universe, undefined)).toBe('USD')
  })
})
