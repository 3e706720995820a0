// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../src/api/client'
import { LiveStream } from '../../../../src/views/screens/livestream/LiveStream'
import { serverMessage, taggedMessage } from '../../../support/game-fixtures'
import { aroundTheClock, closedUntilTheDayAfterTomorrow } from '../../../support/hours-market'
import { apple, type Handler, memoryApi, tesla } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
  vi.unstubAllGlobals()
})

/** An IntersectionObserver the test drives: happy-dom lays nothing out, so nothing scrolls by itself. */
function drivenIntersections() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      readonly targets: Element[] = []
      constructor(readonly callback: IntersectionObserverCallback) {
        observers.push(this)
      }
      observe(target: Element) {
        this.targets.push(target)
      }
      disconnect() {
        observers.splice(observers.indexOf(this), 1)
      }
    },
  )
  return {
    /** Reports `target`'s top at `top` pixels from the view's, out of view when negative. */
    scroll(within: (target: Element) => boolean, top: number) {
      const watching = observers.filter((observer) => observer.targets.some(within))
      for (const observer of watching) {
        const target = observer.targets.find(within) as Element
        const entry = { target, isIntersecting: top >= 0, boundingClientRect: { top } }
        observer.callback([entry as unknown as IntersectionObserverEntry], observer as never)
      }
      return watching.length
    },
  }
}

const nowSeconds = Math.floor(Date.now() / 1000)
const messages = [
  serverMessage('s1', {
    tweet: '$AAPL to the moon',
    t: nowSeconds,
    titles: [{ title_id: apple, start_index: 0, end_index: 5 }],
  }),
  serverMessage('s2', {
    tweet: 'Selling $TSLA today',
    twitter_user: { profile_image_url: 'https://pbs.example/bo.png', name: 'Bo', screen_name: 'bo' },
    t: nowSeconds - 60,
    titles: [{ title_id: tesla, start_index: 8, end_index: 13 }],
  }),
]

const tagBodies: unknown[] = []
const acceptTag: Handler = ({ body }) => {
  tagBodies.push(body)
  const tagged = body as { userId: number; titleId: number; messageId: string; trend: 'Up' | 'Down' }
  return {
    rewardFactor: 1,
    taggedMessage: taggedMessage(tagged.messageId, { ...tagged, createdAt: Date.now() }),
  }
}

function show(path: string, handlers: Record<string, Handler> = {}) {
  tagBodies.length = 0
  const view = renderScreen(<LiveStream />, {
    path,
    api: memoryApi({ untaggedMessages: () => messages, tag: acceptTag, ...handlers }),
  })
  stops.push(view.stop)
  return view
}

/** The stream's socket pushes a message newer than those loaded, mentioning Apple. */
const pushAppleMessage = (view: ReturnType<typeof show>, id: string, tweet: string) =>
  view.socket.latest()?.emit('message', {
    type: 'tweets',
    ...serverMessage(id, {
      tweet,
      t: nowSeconds + 1,
      titles: [{ title_id: apple, start_index: 0, end_index: 5 }],
    }),
  })

const feed = () => screen.findByRole('feed', { name: 'Live tweets' })
const article = async (name: string) => within(await feed()).findByRole('article', { name })
/** The ids of the messages the list shows, top first. */
const shownIds = (list: HTMLElement) =>
  within(list)
    .getAllByRole('article')
    .map((a) => a.getAttribute('data-message-id'))
const noticeTexts = (view: ReturnType<typeof show>) =>
  view.client.notifications.getSnapshot().context.notices.map((notice) => notice.message)

describe('Live stream screen, Live Tweet tab (spec §2, §3, §4)', () => {
  it('shows each message with author, handle, text, the title mention as a link target and the price', async () => {
    show('/livestream')
    expect(screen.getByRole('tab', { name: 'Live Tweet', selected: true })).toBeTruthy()
    const row = await article('Ann @ann')
    expect(within(row).getByText('$AAPL')).toBeTruthy()
    expect(within(row).getByText('to the moon')).toBeTruthy()
    expect(within(row).getByText('Apple')).toBeTruthy()
    expect(within(row).getByText('$100.00')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeTruthy()
  })

  it('tags a message Up by click: the tag call carries the main title and the message leaves the stream', async () => {
    const view = show('/livestream')
    const user = userEvent.setup()
    const row = await article('Ann @ann')
    await user.click(within(row).getByRole('button', { name: 'Up' }))
    await waitFor(() => expect(view.calls).toContain('tag'))
    expect(tagBodies).toEqual([{ userId: 5, titleId: apple, messageId: 's1', trend: 'Up' }])
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Ann @ann' })).toBeNull())
    expect(screen.getByRole('article', { name: 'Bo @bo' })).toBeTruthy()
  })

  it('tags by keyboard: j moves to the next message, d tags it Down, focus stays in the feed', async () => {
    const view = show('/livestream')
    const user = userEvent.setup()
    const first = await article('Ann @ann')
    first.focus()
    await user.keyboard('j')
    const second = screen.getByRole('article', { name: 'Bo @bo' })
    expect(document.activeElement).toBe(second)
    await user.keyboard('d')
    await waitFor(() => expect(view.calls).toContain('tag'))
    expect(tagBodies).toEqual([{ userId: 5, titleId: tesla, messageId: 's2', trend: 'Down' }])
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Bo @bo' })).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Ann @ann' }))
  })

  it('shows the spec warning when the server already has the prediction', async () => {
    const view = show('/livestream', {
      tag: () => Promise.reject(new ApiError(409, 'already_predicted', 'conflict')),
    })
    const user = userEvent.setup()
    await user.click(within(await article('Ann @ann')).getByRole('button', { name: 'Up' }))
    await waitFor(() =>
      expect(noticeTexts(view)).toContain('Warning: You have already made a prediction for this message.'),
    )
  })

  it('disables Down on a title the player predicts Up, saying until when; Up stays', async () => {
    // the player's m1 is a running Up on Apple (memoryApi); both markets trade
    show('/livestream', {
      universe: () => [
        { id: apple, n: 'Apple', hours: aroundTheClock },
        { id: tesla, n: 'Tesla', hours: aroundTheClock },
      ],
    })
    const row = await article('Ann @ann')
    const down = within(row).getByRole('button', { name: 'Down' }) as HTMLButtonElement
    await waitFor(() => expect(down.disabled).toBe(true))
    expect(down.getAttribute('aria-describedby')).toContain(
      within(row).getByText(
        /^Your Up prediction on Apple runs until .+: no opposite prediction until then\.$/,
      ).id,
    )
    expect((within(row).getByRole('button', { name: 'Up' }) as HTMLButtonElement).disabled).toBe(false)
    const other = await article('Bo @bo')
    expect((within(other).getByRole('button', { name: 'Down' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('disables both directions while the title’s market is closed, saying when it opens, and d sends nothing', async () => {
    const closed = closedUntilTheDayAfterTomorrow(Date.now())
    const view = show('/livestream', {
      universe: () => [
        { id: apple, n: 'Apple', hours: aroundTheClock },
        { id: tesla, n: 'Tesla', hours: closed.hours },
      ],
    })
    const row = await article('Bo @bo')
    const up = within(row).getByRole('button', { name: 'Up' }) as HTMLButtonElement
    await waitFor(() => expect(up.disabled).toBe(true))
    expect((within(row).getByRole('button', { name: 'Down' }) as HTMLButtonElement).disabled).toBe(true)
    const reason = within(row).getByText(/^The market of Tesla is closed\. It opens .+\.$/)
    expect(up.getAttribute('aria-describedby')).toContain(reason.id)
    // a keyboard shortcut on the row is refused with the same words, and nothing is sent
    const user = userEvent.setup()
    row.focus()
    await user.keyboard('d')
    await waitFor(() => expect(noticeTexts(view)).toContain(reason.textContent))
    expect(view.calls).not.toContain('tag')
  })

  it('says when sending the prediction failed', async () => {
    const view = show('/livestream', { tag: () => Promise.reject(new ApiError(400, 'bad', 'bad')) })
    const user = userEvent.setup()
    await user.click(within(await article('Ann @ann')).getByRole('button', { name: 'Up' }))
    await waitFor(() => expect(noticeTexts(view)).toContain('Error sending prediction to server'))
  })

  it('pauses the stream for readers and says so politely', async () => {
    show('/livestream')
    const user = userEvent.setup()
    await article('Ann @ann')
    await user.click(screen.getByRole('switch', { name: 'Pause stream' }))
    expect(screen.getByRole('status').textContent).toBe('Stream paused.')
    expect(screen.getByText('Paused: 0 new messages waiting')).toBeTruthy()
  })

  it('holds new messages behind a visible button while the pointer rests on the list, so nothing moves under it', async () => {
    const view = show('/livestream')
    const user = userEvent.setup()
    const list = await feed()
    await article('Ann @ann')
    await user.hover(within(list).getAllByRole('article')[1] as HTMLElement)
    const pushed = serverMessage('s3', {
      tweet: '$AAPL breaks out',
      twitter_user: { profile_image_url: 'https://pbs.example/cy.png', name: 'Cy', screen_name: 'cy' },
      t: nowSeconds + 1,
      titles: [{ title_id: apple, start_index: 0, end_index: 5 }],
    })
    view.socket.latest()?.emit('message', { type: 'tweets', ...pushed })
    const button = await screen.findByRole('button', { name: 'Show 1 new message' })
    // the list is as it was: the message under the pointer did not move
    expect(shownIds(list)).toEqual(['s1', 's2'])
    await user.click(button)
    await waitFor(() => expect(shownIds(list)).toEqual(['s3', 's1', 's2']))
    expect(screen.queryByRole('button', { name: /new message/ })).toBeNull()
  })

  it('holds back a message that arrived just before the pointer came to rest, though the list had not drawn it yet', async () => {
    const view = show('/livestream')
    const list = await feed()
    await article('Ann @ann')
    // in the store at once, drawn with the next batch (the list renders the stream in 100 ms batches)
    pushAppleMessage(view, 's3', '$AAPL gaps up')
    // the pointer comes to rest at once (React's pointer enter follows pointerover)
    fireEvent.pointerOver(within(list).getAllByRole('article')[1] as HTMLElement)
    expect(await screen.findByRole('button', { name: 'Show 1 new message' })).toBeTruthy()
    expect(shownIds(list)).toEqual(['s1', 's2'])
  })

  it('holds new messages while the reader has scrolled the top of the list away, though the list came after its skeleton', async () => {
    const intersections = drivenIntersections()
    const view = show('/livestream')
    // the skeleton first: the list and the mark at its top mount once the messages are loaded
    expect(screen.queryByRole('feed')).toBeNull()
    const list = await feed()
    await article('Ann @ann')
    const inListBox = (target: Element) => target.parentElement?.contains(list) === true
    await waitFor(() => expect(intersections.scroll(inListBox, -400)).toBe(1))
    pushAppleMessage(view, 's3', '$AAPL gaps up')
    const button = await screen.findByRole('button', { name: 'Show 1 new message' })
    expect(shownIds(list)).toEqual(['s1', 's2'])
    // back at the top: the list is live again and lets the message in
    intersections.scroll(inListBox, 80)
    await waitFor(() => expect(shownIds(list)).toEqual(['s3', 's1', 's2']))
    expect(button.isConnected).toBe(false)
  })

  it('says there are no messages yet when the stream is empty', async () => {
    show('/livestream', { untaggedMessages: () => [] })
    expect(await screen.findByText('No messages yet')).toBeTruthy()
  })
})

describe('Live stream screen, Your Predictions tab (spec §2, §4)', () => {
  it('is the /livestream/predictions route, with the predictions, their filter and the overview', async () => {
    show('/livestream/predictions')
    expect(screen.getByRole('tab', { name: 'Your Predictions', selected: true })).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Your predictions' })
    const apple = within(table).getByRole('rowheader', { name: /^Apple/ })
    // phones leave out the price, reward and time columns (CSS): their summary is in the first cell
    const [prices, created] = apple.querySelectorAll('span')
    expect(prices?.textContent).toMatch(/^\$\d+\.\d+ → (—|\$\d+\.\d+ \(latest\)) · reward \d\.\d\d$/)
    expect(created?.querySelector('time')?.dateTime).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(within(table).getByText('Running')).toBeTruthy()
    expect(screen.getByText(/^Next evaluation/)).toBeTruthy()
    const overview = await screen.findByRole('table', { name: 'Overview per title' })
    expect(within(overview).getByRole('rowheader', { name: 'Total' })).toBeTruthy()
  })

  it('filters by status: completed shows none, running shows the running one', async () => {
    show('/livestream/predictions')
    const user = userEvent.setup()
    await screen.findByRole('table', { name: 'Your predictions' })
    await user.click(screen.getByRole('radio', { name: 'Completed' }))
    expect(await screen.findByText('No completed predictions this week')).toBeTruthy()
    await user.click(screen.getByRole('radio', { name: 'Running' }))
    expect(await screen.findByRole('table', { name: 'Your predictions' })).toBeTruthy()
  })

  it('shows older predictions a page per click, from before the oldest one of the week, and when none follow', async () => {
    const queries: unknown[] = []
    const day = 86_400_000
    const old = (messageId: string, daysAgo: number) =>
      taggedMessage(messageId, {
        titleId: apple,
        createdAt: Date.now() - daysAgo * day,
        evalPrice: 101,
        evaluatedAt: Date.now() - daysAgo * day + 3 * 3_600_000,
      })
    const pages = [
      { predictions: [old('older-1', 9), old('older-2', 10)], next: 'page-2' },
      { predictions: [old('older-3', 30)], next: null },
    ]
    show('/livestream/predictions', {
      predictionHistory: ({ query }) => {
        queries.push(query)
        return pages[queries.length - 1]
      },
    })
    const user = userEvent.setup()
    const section = await screen.findByRole('region', { name: 'Older predictions' })
    await user.click(within(section).getByRole('button', { name: 'Show older predictions' }))
    const table = await within(section).findByRole('table', { name: 'Your older predictions' })
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(2))
    await user.click(within(section).getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(3))
    // the last page: nothing more to ask, and judged ones are not running
    expect(within(section).queryByRole('button', { name: /Show/ })).toBeNull()
    expect(within(table).queryByText('Running')).toBeNull()
    // the first page starts before the week's oldest prediction (the fixture's m1 on Apple)
    expect(queries).toEqual([
      { before: expect.stringMatching(new RegExp(`^\\d+:${apple}:m1$`)), limit: 50 },
      { before: 'page-2', limit: 50 },
    ])
  })

  it('puts the tab in the URL', async () => {
    const view = show('/livestream')
    const user = userEvent.setup()
    await user.click(screen.getByRole('tab', { name: 'Your Predictions' }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/livestream/predictions'))
    await user.click(screen.getByRole('tab', { name: 'Live Tweet' }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/livestream'))
  })
})
