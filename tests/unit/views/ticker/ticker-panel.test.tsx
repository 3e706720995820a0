// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Fundamentals } from '../../../../src/api/market'
import { TickerPanelHost } from '../../../../src/views/ticker/TickerPanelHost'
import { TitleLink } from '../../../../src/views/ticker/TitleLink'
import { serverMessage } from '../../../support/game-fixtures'
import { apple, memoryApi, refused, tesla } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(async () => {
  // Ark keeps open dialogs in a page-wide layer stack: close the panel so the next test starts clean
  await userEvent.keyboard('{Escape}')
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

const fundamentals: Fundamentals = {
  titleId: apple,
  currency: 'USD',
  price: 190,
  marketCap: 2_934_000_000_000,
  previousClose: 188.5,
  week52High: 199.62,
  week52Low: 124.17,
  earnings: 6.13,
  sales: 383_290_000_000,
  bookValue: 4.26,
  sma50: 185.12,
  rsi14: 61.28,
  pe: 30.99,
  pb: 44.6,
  ps: 7.65,
  asOf: Date.UTC(2025, 2, 5, 15),
}

const marketApi = (overrides = {}) =>
  memoryApi({
    universe: () => [
      { id: apple, n: 'Apple', type: 'others', c: ['AAPL', 'US0378331005'], currency: 'USD' },
      { id: tesla, n: 'Tesla', type: 'others', c: ['TSLA'], currency: 'USD' },
    ],
    titleTick: () => ({ id: apple, a: 190.2, b: 189.8, l: 190, s: 'sp', t: 1 }),
    titleFundamentals: () => fundamentals,
    titleChart: refused(404),
    ...overrides,
  })

function show(path: string, api = marketApi()) {
  const view = renderScreen(
    <>
      <TitleLink titleId={apple} />
      <TickerPanelHost />
    </>,
    { path, api },
  )
  stops.push(view.stop)
  return view
}

const shownValue = (list: HTMLElement, label: string) =>
  within(list).getByText(label).nextElementSibling?.textContent

describe('the ticker panel (spec §2 tabs About, Fundamentals, TweetGame, Charts)', () => {
  it('opens from a title link through ?title= and closes back to the page', async () => {
    const view = show('/polls')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('link', { name: 'Apple' }, { timeout: 3000 }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/polls?title=2494'))
    expect(await screen.findByRole('dialog', { name: 'Apple' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Close ticker panel' }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/polls'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('says an unknown ?title= id names no title, with nothing to retry', async () => {
    show('/?title=4242')
    const panel = await screen.findByRole('dialog', { name: 'Title #4242' }, { timeout: 3000 })
    const alert = await within(panel).findByRole('alert')
    expect(alert.textContent).toContain('No such title')
    expect(alert.textContent).toContain('There is no title #4242.')
    expect(within(panel).queryByRole('button', { name: /try again/i })).toBeNull()
    expect(within(panel).queryByRole('tablist')).toBeNull()
  })

  it('says a ?title= that is no id at all names no title, with nothing to retry', async () => {
    show('/?title=abc')
    const panel = await screen.findByRole('dialog', { name: 'No such title' }, { timeout: 3000 })
    const alert = await within(panel).findByRole('alert')
    expect(alert.textContent).toContain('There is no title “abc”.')
    expect(within(panel).queryByRole('button', { name: /try again|retry/i })).toBeNull()
    expect(within(panel).queryByRole('tablist')).toBeNull()
  })

  it('shows the title, its prices and the move since the previous close on About', async () => {
    show('/?title=2494')
    const panel = await screen.findByRole('dialog', { name: 'Apple' }, { timeout: 3000 })
    const about = await within(panel).findByLabelText('Title details')
    expect(shownValue(about, 'Codes')).toBe('AAPL, US0378331005')
    expect(shownValue(about, 'Currency')).toBe('USD')
    const prices = within(panel).getByLabelText('Latest prices')
    expect(shownValue(prices, 'Bid')).toBe('$189.80')
    expect(shownValue(prices, 'Ask')).toBe('$190.20')
  })

  it('switches to Fundamentals and formats them', async () => {
    show('/?title=2494')
    const panel = await screen.findByRole('dialog', { name: 'Apple' }, { timeout: 3000 })
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('tab', { name: 'Fundamentals' }))
    const list = await within(panel).findByLabelText('Fundamental figures', {}, { timeout: 3000 })
    expect(shownValue(list, 'Market cap')).toBe('2.9T USD')
    expect(shownValue(list, 'Previous close')).toBe('$188.50')
    expect(shownValue(list, 'RSI(14)')).toBe('61.3')
    expect(shownValue(list, 'PE ratio')).toBe('30.99')
  })

  it("says 'Error loading chart data' on the Charts tab when the chart fails, per range", async () => {
    const view = show('/?title=2494')
    const panel = await screen.findByRole('dialog', { name: 'Apple' }, { timeout: 3000 })
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('tab', { name: 'Charts' }))
    expect(await within(panel).findByText('Error loading chart data')).toBeTruthy()
    expect(within(panel).getByRole('radio', { name: 'Today', checked: true })).toBeTruthy()
    await user.click(within(panel).getByRole('radio', { name: 'YTD' }))
    expect(await within(panel).findByText('Error loading chart data')).toBeTruthy()
    expect(view.calls.filter((name) => name === 'titleChart').length).toBeGreaterThanOrEqual(2)
  })

  it("shows the crowd's failed load as a failure with Try again under a loaded chart, not as an empty histogram", async () => {
    const chart = {
      titleId: apple,
      range: 'today',
      interval: '5m',
      currency: 'USD',
      bars: [{ t: 1, o: 1, h: 1, l: 1, c: 1 }],
    }
    const view = show('/?title=2494', marketApi({ titleChart: () => chart, titleCrowd: refused(503) }))
    const panel = await screen.findByRole('dialog', { name: 'Apple' }, { timeout: 3000 })
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('tab', { name: 'Charts' }))
    expect(await within(panel).findByText('Error loading the crowd on this chart')).toBeTruthy()
    expect(within(panel).queryByTestId('crowd-legend')).toBeNull()
    await user.click(within(panel).getByRole('button', { name: 'Try again' }))
    await waitFor(() =>
      expect(view.calls.filter((name) => name === 'titleCrowd').length).toBeGreaterThanOrEqual(2),
    )
  })

  it('shows the TweetGame tab with the predictions of the title', async () => {
    show('/?title=2494')
    const panel = await screen.findByRole('dialog', { name: 'Apple' }, { timeout: 3000 })
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('tab', { name: 'TweetGame' }))
    expect(await within(panel).findByRole('heading', { name: 'Your predictions' })).toBeTruthy()
    expect(within(panel).getByRole('heading', { name: 'Live messages' })).toBeTruthy()
    // the player's prediction on Apple: its price in the title's currency, judged in the table's words
    const section = within(panel).getByRole('region', { name: 'Your predictions' })
    expect(section.textContent).toMatch(/Upat \$\d+\.\d\d.*(Correct|Incorrect|Unchanged)( so far)?$/)
  })

  it('tags a live message about the title as Up', async () => {
    const bodies: unknown[] = []
    const message = serverMessage('m9', {
      tweet: '$AAPL to the moon: https://example.com/moon',
      titles: [{ title_id: apple, start_index: 0, end_index: 5 }],
    })
    show(
      '/?title=2494',
      marketApi({
        untaggedMessages: () => [message],
        tag: ({ body }: Record<string, unknown>) => {
          bodies.push(body)
          return { rewardFactor: 1, taggedMessage: { ...(body as object), createdAt: Date.now() } }
        },
      }),
    )
    const panel = await screen.findByRole('dialog', { name: 'Apple' }, { timeout: 3000 })
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('tab', { name: 'TweetGame' }))
    const item = await within(panel).findByRole('article', { name: /Ann/ }, { timeout: 3000 })
    // its text as the live stream shows it: the mention marked, the web address a link
    expect(item.querySelector('mark')?.textContent).toBe('$AAPL')
    expect(within(item).getByRole('link', { name: 'https://example.com/moon' }).getAttribute('target')).toBe(
      '_blank',
    )
    await user.click(within(item).getByRole('button', { name: 'Up' }))
    await waitFor(() => expect(bodies).toMatchObject([{ messageId: 'm9', titleId: apple, trend: 'Up' }]))
  })

  it('keeps the focus in the list when a tagged message leaves it: the next one, then the heading', async () => {
    const about = (id: string, tweet: string) =>
      serverMessage(id, { tweet, titles: [{ title_id: apple, start_index: 0, end_index: 5 }] })
    show(
      '/?title=2494',
      marketApi({
        untaggedMessages: () => [about('q1', '$AAPL first'), about('q2', '$AAPL second')],
        tag: ({ body }: Record<string, unknown>) => ({
          rewardFactor: 1,
          taggedMessage: { ...(body as object), createdAt: Date.now() },
        }),
      }),
    )
    const panel = await screen.findByRole('dialog', { name: 'Apple' }, { timeout: 3000 })
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('tab', { name: 'TweetGame' }))
    // the texts are split at their mentions: the items are told apart by their whole text
    const itemOf = (text: string) =>
      within(panel)
        .getAllByRole('listitem')
        .find((item) => item.textContent?.includes(text))
    await waitFor(() => expect(itemOf('$AAPL second')).toBeTruthy(), { timeout: 3000 })
    const [first, second] = [itemOf('$AAPL first'), itemOf('$AAPL second')]
    if (!first || !second) throw new Error('no list items')
    await user.click(within(first).getByRole('button', { name: 'Up' }))
    expect(document.activeElement).toBe(within(second).getByRole('button', { name: 'Up' }))
    await waitFor(() => expect(first.isConnected).toBe(false))
    await user.click(within(second).getByRole('button', { name: 'Up' }))
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Live messages' }))
  })
})
