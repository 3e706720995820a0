// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PollsPanel } from '../../../../src/views/polls/PollsPanel'
import { hour, pollAt } from '../../../support/game-fixtures'
import { aroundTheClock, closedUntilTheDayAfterTomorrow } from '../../../support/hours-market'
import { apple, memoryApi, tesla } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

function show(api = memoryApi()) {
  const view = renderScreen(<PollsPanel />, { api })
  stops.push(view.stop)
  return view
}

describe("the dashboard's polls panel", () => {
  it('lists only the open polls', async () => {
    const now = Date.now()
    show(memoryApi({ polls: () => [pollAt(1, apple, now - hour), pollAt(2, tesla, now - 3 * hour)] }))
    const list = await screen.findByRole('list', { name: 'Open polls' }, { timeout: 3000 })
    expect(within(list).getByRole('article', { name: 'Apple' })).toBeTruthy()
    expect(within(list).queryByRole('article', { name: 'Tesla' })).toBeNull()
    expect(screen.queryByRole('timer')).toBeNull()
    expect(screen.getByRole('link', { name: 'All polls' }).getAttribute('href')).toBe('/polls')
  })

  it('disables the bet on an open poll while its title’s market is closed, saying when it opens', async () => {
    const now = Date.now()
    const closed = closedUntilTheDayAfterTomorrow(now)
    show(
      memoryApi({
        universe: () => [
          { id: apple, n: 'Apple', hours: closed.hours },
          { id: tesla, n: 'Tesla', hours: aroundTheClock },
        ],
        polls: () => [pollAt(1, apple, now - hour), pollAt(2, tesla, now - hour)],
      }),
    )
    const list = await screen.findByRole('list', { name: 'Open polls' }, { timeout: 3000 })
    const apples = within(list).getByRole('article', { name: 'Apple' })
    const bet = (await within(apples).findByRole('button', {
      name: 'Place bet on Apple',
    })) as HTMLButtonElement
    await waitFor(() => expect(bet.disabled).toBe(true))
    const reason = within(apples).getByText(/^The market of Apple is closed\. It opens .+\.$/)
    expect(bet.getAttribute('aria-describedby')).toBe(reason.id)
    const teslas = within(list).getByRole('article', { name: 'Tesla' })
    expect(
      (within(teslas).getByRole('button', { name: 'Place bet on Tesla' }) as HTMLButtonElement).disabled,
    ).toBe(false)
  })

  it('announces the next poll when none is open (spec §4)', async () => {
    show(memoryApi({ polls: () => [pollAt(2, tesla, Date.now() - 3 * hour)] }))
    expect(await screen.findByRole('heading', { name: 'Next poll' }, { timeout: 3000 })).toBeTruthy()
    expect(screen.getByRole('timer', { name: /^Next poll starts in / }).textContent).toMatch(
      /^\d\d:\d\d:\d\d$/,
    )
  })
})
