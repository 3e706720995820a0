// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { UserProfile } from '~/api/users'
import { ErrorPage } from '~/views/screens/error/ErrorPage'
import { Faq } from '~/views/screens/faq/Faq'
import { UserInfoDialog } from '~/views/user/UserInfoDialog'
import { type Handler, memoryApi, refused } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

function show(ui: React.ReactElement, path = '/', handlers: Record<string, Handler> = {}) {
  const view = renderScreen(ui, { path, api: memoryApi(handlers) })
  stops.push(view.stop)
  return view
}

const bob: UserProfile = {
  id: 9,
  username: 'bob',
  rank: 0,
  liveRank: 4,
  userBadges: [
    { groupName: 'Alpha', rank: 1, count: 2 },
    { groupName: 'Club', rank: 3, count: 1 },
  ],
  createdAt: 1_700_000_000_000,
  balance: 1234.5,
  groups: [{ id: 1000, name: 'Alpha' }],
  votes: { total: 3, open: 1, won: 2 },
  predictions: { total: 12, running: 5, correct: 4 },
}

describe('the user info dialog (spec §2)', () => {
  it("shows the player's trophies, balance, groups, votes and predictions", async () => {
    const asked: unknown[] = []
    show(<UserInfoDialog userId={9} open onOpenChange={() => {}} />, '/', {
      user: (args) => {
        asked.push(args)
        return bob
      },
    })
    const dialog = await screen.findByRole('dialog', { name: 'bob' })
    expect(within(dialog).getByText('Last week: not ranked · This week #4')).toBeTruthy()
    const trophies = within(dialog).getByRole('region', { name: 'Trophies' })
    expect(trophies.textContent).toContain('Gold2')
    expect(trophies.textContent).toContain('Silver0')
    expect(trophies.textContent).toContain('Bronze1')
    expect(dialog.textContent).toContain('1,234.50 TTC')
    expect(within(dialog).getByRole('region', { name: 'Votes' }).textContent).toContain('Bets3')
    expect(within(dialog).getByRole('region', { name: 'Predictions' }).textContent).toContain('Correct4')
    expect(within(dialog).getByRole('region', { name: 'Groups' }).textContent).toContain('Alpha')
    // the boot's user store also reads 'me'
    expect(asked).toContainEqual({ params: { user: '9' } })
  })

  it("says 'Error fetching user info!' and loads again on Retry", async () => {
    const user = userEvent.setup()
    let fail = true
    show(<UserInfoDialog userId={9} open onOpenChange={() => {}} />, '/', {
      user: () => (fail ? refused(404)() : bob),
    })
    expect((await screen.findByRole('alert')).textContent).toContain('Error fetching user info!')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('dialog', { name: 'bob' })).toBeTruthy()
  })
})

describe('the error page (spec §2 /error, §8)', () => {
  it("says what went wrong and 'Try again' leaves it", async () => {
    const user = userEvent.setup()
    const view = show(<ErrorPage />, '/error')
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Something went wrong' })).toBeTruthy()
    expect(screen.getByText('No connection to server!')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/'))
  })
})

describe('the FAQ (spec §2 /faq)', () => {
  it('opens answers from the keyboard and keeps the questions as headings', async () => {
    const user = userEvent.setup()
    show(<Faq />, '/faq')
    const tagging = screen.getByRole('button', { name: 'How does tagging work?' })
    const polls = screen.getByRole('button', { name: 'How do polls work?' })
    expect(screen.getByRole('heading', { level: 2, name: 'How does tagging work?' })).toBeTruthy()
    expect(tagging.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText(/A correct prediction earns 1 TTC/).textContent).toContain(
      'min(1, 20 / running predictions)',
    )
    expect(polls.getAttribute('aria-expanded')).toBe('false')

    tagging.focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(polls)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(polls.getAttribute('aria-expanded')).toBe('true'))
    expect(screen.getByText(/02:00, 08:00, 14:00, 20:00 on weekdays/)).toBeTruthy()
    expect(screen.getByText(/The Bank takes the pot/)).toBeTruthy()
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'What is TTC?' }))
  })
})
