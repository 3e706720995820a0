// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { memoryStorage } from '../../../../src/actors'
import type { OwnVote } from '../../../../src/api/polls'
import { Dashboard } from '../../../../src/views/screens/dashboard/Dashboard'
import { LiveStream } from '../../../../src/views/screens/livestream/LiveStream'
import { fakeBrowser, pushServerHandlers, subscriptionJson } from '../../../support/fake-push-browser'
import { hour, pollAt, serverMessage } from '../../../support/game-fixtures'
import { apple, type Handler, memoryApi, tesla } from '../../../support/memory-api'
import { type RenderScreenOptions, renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

const nowSeconds = Math.floor(Date.now() / 1000)
const appleMessage = (id: string, t: number) =>
  serverMessage(id, {
    tweet: `$AAPL news ${id}`,
    t,
    titles: [{ title_id: apple, start_index: 0, end_index: 5 }],
  })

function show(
  ui: React.ReactElement,
  path: string,
  handlers: Record<string, Handler> = {},
  browser: Pick<RenderScreenOptions, 'pushBrowser' | 'storage'> = {},
) {
  const view = renderScreen(ui, { path, api: memoryApi(handlers), ...browser })
  stops.push(view.stop)
  return view
}

describe('Dashboard (spec §2 /)', () => {
  it('announces the next poll once while none is open', async () => {
    show(<Dashboard />, '/', { polls: () => [] })
    const panel = screen.getByRole('region', { name: 'Open polls' })
    await within(panel).findByRole('heading', { name: 'Next poll' }, { timeout: 3000 })
    expect(screen.getAllByRole('heading', { name: 'Next poll' })).toHaveLength(1)
    expect(screen.getAllByRole('timer', { name: /^Next poll starts in / })).toHaveLength(1)
  })

  it('shows the latest messages (taggable) and the prediction summary', async () => {
    const tagged: unknown[] = []
    const view = show(<Dashboard />, '/', {
      untaggedMessages: () => [appleMessage('s1', nowSeconds)],
      tag: ({ body }) => {
        tagged.push(body)
        return Promise.reject(new Error('offline'))
      },
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy()
    const latest = screen.getByRole('region', { name: 'Latest messages' })
    const row = await within(latest).findByRole('article', { name: 'Ann @ann' })
    const summary = screen.getByRole('region', { name: 'Your predictions' })
    await waitFor(() =>
      expect(within(summary).getByText('Running').nextElementSibling?.textContent).toBe('1'),
    )
    expect(within(summary).getByText(/^Next evaluation/)).toBeTruthy()
    expect(within(summary).getByRole('link', { name: 'See all predictions' }).getAttribute('href')).toBe(
      '/livestream/predictions',
    )
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Up' }))
    await waitFor(() => expect(view.calls).toContain('tag'))
    expect(tagged).toEqual([{ userId: 5, titleId: apple, messageId: 's1', trend: 'Up' }])
  })

  it("shows the player's bets by open, closed and evaluated polls (the bet overview)", async () => {
    const now = Date.now()
    const bet = (pollId: number, extra: Partial<OwnVote> = {}): OwnVote[] => [
      { pollId, userId: 5, vote: 'up', ttcBet: 10, createdAt: now - 7 * hour, payout: null, ...extra },
    ]
    show(<Dashboard />, '/', {
      polls: () => [
        pollAt(1, apple, now - hour, { votes: bet(1) }),
        pollAt(2, tesla, now - hour),
        pollAt(3, tesla, now - 3 * hour, { phase: 'closed', votes: bet(3, { vote: 'down' }) }),
        // decided as the bets' payouts say: the first called it, the second did not
        pollAt(4, apple, now - 7 * hour, {
          phase: 'evaluated',
          outcome: 'up',
          votes: bet(4, { payout: 19.5 }),
        }),
        pollAt(5, tesla, now - 8 * hour, {
          phase: 'evaluated',
          outcome: 'down',
          votes: bet(5, { payout: 0 }),
        }),
      ],
    })
    const overview = screen.getByRole('region', { name: 'Your bets' })
    const group = (name: RegExp) => within(overview).getByRole('region', { name })
    await waitFor(() => expect(within(group(/^Open/)).getAllByRole('listitem')).toHaveLength(1))
    expect(within(group(/^Open/)).getByRole('listitem').textContent).toMatch(/Apple.*Up · 10(\.00)? TTC/)
    expect(within(group(/^Closed/)).getByRole('listitem').textContent).toMatch(/Tesla.*Down/)
    const evaluated = within(group(/^Evaluated/)).getAllByRole('listitem')
    expect(evaluated.map((line) => line.textContent)).toEqual([
      expect.stringMatching(/^Apple.*won 19\.50? TTC.*closed /),
      expect.stringMatching(/^Tesla.*· lost.*closed /),
    ])
    expect(within(group(/^Open/)).getByRole('listitem').textContent).toMatch(/closes /)
    expect(screen.getByRole('heading', { name: 'Open (1)' })).toBeTruthy()
  })
})

describe('Live stream under load', () => {
  it('shows at most 100 messages however many are pushed', { timeout: 30_000 }, async () => {
    const view = show(<LiveStream />, '/livestream', {
      untaggedMessages: () => [appleMessage('s0', nowSeconds)],
    })
    await screen.findByRole('article', { name: 'Ann @ann' })
    const stream = view.client.store('liveStream')
    for (let index = 1; index <= 120; index += 1)
      stream.send({
        type: 'liveStream.pushed',
        message: { ...appleMessage(`p${index}`, nowSeconds + index), type: 'tweets' },
      })
    // role queries over 100 rows are slow in happy-dom: count the feed's articles directly
    const articles = () => screen.getByRole('feed').querySelectorAll('article')
    await waitFor(() => expect(articles()).toHaveLength(100), { timeout: 20_000 })
    expect(articles()[0]?.textContent).toContain('news p120')
  })

  it('offers to allow notifications in this browser, subscribes on the click, and puts the offer off', async () => {
    const user = userEvent.setup()
    const saved: unknown[] = []
    const { browser, pushManager } = fakeBrowser({ permission: 'default', answer: 'granted' })
    pushManager.subscribe.mockRejectedValueOnce(new Error('Registration failed - push service error'))
    show(<Dashboard />, '/', pushServerHandlers(saved), { pushBrowser: browser })
    const offer = await screen.findByRole('region', { name: 'Hear about your game' })
    await user.click(within(offer).getByRole('button', { name: 'Allow notifications' }))
    // a failure is said where the player clicked, with a retry
    expect(
      await within(offer).findByText('Notifications could not be turned on in this browser.'),
    ).toBeTruthy()
    await user.click(within(offer).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(saved).toEqual([subscriptionJson]))
    // done: the offer goes
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Hear about your game' })).toBeNull())
    cleanup()

    // put off: gone, and not offered again in this browser
    const storage = memoryStorage()
    show(<Dashboard />, '/', {}, { pushBrowser: fakeBrowser({ permission: 'default' }).browser, storage })
    const again = await screen.findByRole('region', { name: 'Hear about your game' })
    await user.click(within(again).getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('region', { name: 'Hear about your game' })).toBeNull()
    cleanup()
    show(<Dashboard />, '/', {}, { pushBrowser: fakeBrowser({ permission: 'default' }).browser, storage })
    await screen.findByRole('region', { name: 'Your group' })
    expect(screen.queryByRole('region', { name: 'Hear about your game' })).toBeNull()
  })
})
