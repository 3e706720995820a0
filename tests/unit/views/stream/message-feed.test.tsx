// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { LiveStreamMessage } from '../../../../src/domain/live-stream'
import { MessageFeed } from '../../../../src/views/stream/MessageFeed'
import { apple, memoryApi } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

const message: LiveStreamMessage = {
  id: 'm1',
  avatarUrl: 'https://pbs.example/ann.png',
  name: 'Ann',
  username: '@ann',
  date: Date.now(),
  text: '$AAPL up',
  mainTitleId: apple,
  titles: [{ titleId: apple, startIndex: 0, endIndex: 5 }],
}

function show(messages: readonly LiveStreamMessage[], path = '/livestream', pageKeys = false) {
  const view = renderScreen(<MessageFeed messages={messages} label="Live tweets" pageKeys={pageKeys} />, {
    path,
    api: memoryApi({}),
  })
  stops.push(view.stop)
  return view
}

describe('MessageFeed', () => {
  it('is an ARIA feed named by its label while it holds messages', async () => {
    show([message])
    const feed = await screen.findByRole('feed', { name: 'Live tweets' })
    expect(within(feed).getAllByRole('article')).toHaveLength(1)
  })

  it('takes j or k pressed with nothing focused into the page’s feed, and leaves other keys alone', async () => {
    show([message, { ...message, id: 'm2' }], '/livestream', true)
    const feed = await screen.findByRole('feed', { name: 'Live tweets' })
    const [first] = within(feed).getAllByRole('article')
    // the arrows keep scrolling the page
    fireEvent.keyDown(document.body, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(document.body)
    fireEvent.keyDown(document.body, { key: 'j' })
    expect(document.activeElement).toBe(first)
  })

  it('leaves page keys alone when it is not the page’s feed (the dashboard’s)', async () => {
    show([message])
    await screen.findByRole('feed', { name: 'Live tweets' })
    fireEvent.keyDown(document.body, { key: 'j' })
    expect(document.activeElement).toBe(document.body)
  })

  // ARIA requires a feed to own articles (axe: aria-required-children); the deferred first render has none
  it("hides an author's picture that cannot load, so the initials under it show", async () => {
    show([message])
    const feed = await screen.findByRole('feed', { name: 'Live tweets' })
    const picture = feed.querySelector('img')
    if (!picture) throw new Error('no picture')
    expect(picture.style.visibility).toBe('')
    fireEvent.error(picture)
    expect(picture.style.visibility).toBe('hidden')
    expect(within(feed).getByText('A')).toBeTruthy()
  })

  it('is no feed while it has no message yet', async () => {
    show([])
    // nothing carries the feed's name either (a name on a plain container is not allowed)
    await waitFor(() => expect(document.querySelector('[aria-label="Live tweets"], article')).toBeNull())
    expect(screen.queryByRole('feed')).toBeNull()
  })

  it('links a title mention to its ticker panel on the current page, and opens it in the app', async () => {
    const view = show([message], '/livestream?tab=x')
    const mention = await screen.findByRole('link', { name: '$AAPL' })
    expect(mention.getAttribute('href')).toBe(`/livestream?tab=x&title=${apple}`)
    expect(mention.getAttribute('aria-haspopup')).toBe('dialog')
    fireEvent.click(mention)
    expect(view.history.at(-1)).toBe(`/livestream?tab=x&title=${apple}`)
    // with the panel of a title open, a mention replaces it
    view.navigate('/livestream?title=7&tab=x')
    await waitFor(() => expect(mention.getAttribute('href')).toBe(`/livestream?title=${apple}&tab=x`))
    // a modified click is the browser's (a new tab): the app stays where it is
    fireEvent.click(mention, { ctrlKey: true })
    expect(view.history.at(-1)).toBe('/livestream?title=7&tab=x')
  })

  it('links a web address in the text to a new tab, with no referrer, and leaves the app where it is', async () => {
    show([{ ...message, text: 'Chart: https://charts.example.net/aapl. Buy' }])
    const link = await screen.findByRole('link', { name: 'https://charts.example.net/aapl' })
    expect(link.getAttribute('href')).toBe('https://charts.example.net/aapl')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow')
  })
})
