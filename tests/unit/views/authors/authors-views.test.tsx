// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { Route, Switch } from 'wouter'
import type { AuthorDetail, AuthorsPage } from '~/api/authors'
import type { LiveStreamMessage } from '~/domain/live-stream'
import { AuthorPage } from '~/views/screens/authors/AuthorPage'
import { Authors } from '~/views/screens/authors/Authors'
import { MessageFeed } from '~/views/stream/MessageFeed'
import { apple, type Handler, memoryApi, refused } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

function show(ui: React.ReactElement, path: string, handlers: Record<string, Handler>) {
  const view = renderScreen(ui, { path, api: memoryApi(handlers) })
  stops.push(view.stop)
  return view
}

const ann = { author: 'ann', judged: 40, provedRight: 28, score: 0.66, interval: { low: 0.52, high: 0.78 } }
const page = (authors: AuthorsPage['authors'], nextOffset: number | null): AuthorsPage => ({
  authors,
  total: 25,
  nextOffset,
})

const message: LiveStreamMessage = {
  id: 'm1',
  avatarUrl: 'https://pbs.example/ann.png',
  name: 'Ann',
  username: '@Ann',
  date: Date.now(),
  text: '$AAPL up',
  mainTitleId: apple,
  titles: [{ titleId: apple, startIndex: 0, endIndex: 5 }],
}

const routes = (
  <Switch>
    <Route path="/authors" component={Authors} />
    <Route path="/authors/:username" component={AuthorPage} />
  </Switch>
)

describe("a message card's author badge", () => {
  it("shows the author's signal score and links to the author's page", async () => {
    show(<MessageFeed messages={[message]} label="Live tweets" />, '/livestream', {
      authors: () => page([{ ...ann, rank: 1 }], null),
    })
    const badge = await screen.findByRole('link', { name: /^Signal 66%: the signal score of @ann/ })
    expect(badge.textContent).toBe('Signal 66%')
    expect(badge.getAttribute('aria-label')).toBe(
      'Signal 66%: the signal score of @ann (95% interval 52.0–78.0%), 40 messages judged',
    )
    expect(badge.getAttribute('href')).toBe('/authors/ann')
  })

  it('shows nothing for an author without a score', async () => {
    show(<MessageFeed messages={[message]} label="Live tweets" />, '/livestream', {
      authors: () => page([], null),
    })
    await screen.findByRole('feed', { name: 'Live tweets' })
    expect(screen.queryByRole('link', { name: /Signal score/ })).toBeNull()
  })
})

describe('the authors leaderboard (/authors)', () => {
  it('lists a page by score and pages on by ?page=', async () => {
    const user = userEvent.setup()
    const asked: unknown[] = []
    const view = show(routes, '/authors', {
      authors: (args) => {
        asked.push(args)
        const offset = (args as { query: { offset: number } }).query.offset
        return offset === 0
          ? page([{ ...ann, rank: 1 }], 20)
          : page([{ ...ann, author: 'zed', rank: 21, score: 0.4 }], null)
      },
    })
    const table = await screen.findByRole('table', { name: 'Authors by signal score' })
    const row = await within(table).findByRole('row', { name: /@ann/ })
    expect(row.textContent).toContain('66.0%')
    expect(row.textContent).toContain('52.0–78.0%')
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull()
    await user.click(screen.getByRole('link', { name: 'Next page' }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/authors?page=2'))
    expect(await screen.findByRole('row', { name: /@zed/ })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeTruthy()
    expect(asked.filter((args) => (args as { query: { sort: string } }).query.sort === 'score')).toEqual([
      { query: { sort: 'score', limit: 20, offset: 0 } },
      { query: { sort: 'score', limit: 20, offset: 20 } },
    ])
  })

  it("says 'Error fetching authors!' with Retry, never an empty list", async () => {
    const user = userEvent.setup()
    let fail = true
    show(routes, '/authors', {
      authors: () => (fail ? refused(500)() : page([{ ...ann, rank: 1 }], null)),
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Error fetching authors!')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('row', { name: /@ann/ })).toBeTruthy()
  })
})

describe("an author's page (/authors/:username)", () => {
  const detail: AuthorDetail = {
    ...ann,
    recentMessages: [
      {
        messageId: 'm9',
        createdAt: 1_700_000_000_000,
        text: 'Apple breaks out',
        titles: [{ titleId: apple, up: 3, down: 1, running: 2, verdict: 'right' }],
      },
      { messageId: 'm8', createdAt: 1_699_999_000_000, text: null, titles: [] },
    ],
  }

  it('shows the score, interval and count, and each message with its crowd and outcome', async () => {
    const asked: unknown[] = []
    show(routes, '/authors/ann', {
      author: (args) => {
        asked.push(args)
        return detail
      },
    })
    expect(screen.getByRole('heading', { level: 1, name: '@ann' })).toBeTruthy()
    const recent = await screen.findByRole('region', { name: 'Recent messages' })
    const [first, second] = within(recent)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === recent.querySelector('ul'))
    expect(first?.textContent).toContain('Apple breaks out')
    expect(first?.textContent).toContain('Up 3 · Down 1')
    expect(first?.textContent).toContain('2 running')
    expect(first?.textContent).toContain('Crowd proved right')
    expect(second?.textContent).toContain('The stream no longer keeps this message’s text.')
    expect(second?.textContent).toContain('Nobody has tagged it yet.')
    expect(document.body.textContent).toContain('Signal score 66.0%')
    expect(document.body.textContent).toContain('Messages judged 40')
    expect(asked).toEqual([{ params: { username: 'ann' } }])
  })

  it("says 'Error fetching the author!' for an author the server does not know", async () => {
    show(routes, '/authors/nobody', { author: refused(404) })
    expect((await screen.findByRole('alert')).textContent).toContain('Error fetching the author!')
  })
})
