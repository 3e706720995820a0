// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { SimulatedClock } from 'xstate'
import { retryDelaysMs } from '~/machines/load-retry'
import { TransactionList } from '~/views/account/TransactionList'
import { ActivityStream } from '~/views/activity/ActivityStream'
import { LiveRankingPanel } from '~/views/rankings/LiveRankingPanel'
import { PeriodRanking } from '~/views/rankings/PeriodRanking'
import { Groups } from '~/views/screens/groups/Groups'
import { LiveStream } from '~/views/screens/livestream/LiveStream'
import { Polls } from '~/views/screens/polls/Polls'
import { YourPredictionsPanel } from '~/views/stream/predictions/YourPredictionsPanel'
import { authUser } from '../../../support/client-fixtures'
import { group, hour, pollAt, taggedMessage } from '../../../support/game-fixtures'
import { apple, type Handler, memoryApi, refused, taggedPerformance } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

/** A call that fails (a 400: passed on at once, no server-error retries) until `recover()`. */
function flaky(answer: Handler) {
  const state = { failing: true }
  return {
    handler: ((args) => (state.failing ? refused(400)() : answer(args))) as Handler,
    recover: () => {
      state.failing = false
    },
  }
}

function show(ui: ReactElement, handlers: Record<string, Handler>, path = '/') {
  const clock = new SimulatedClock()
  const view = renderScreen(ui, { api: memoryApi(handlers), path, clock })
  stops.push(view.stop)
  return { ...view, clock }
}

/** The first background retry comes after its delay on the client's clock (no real time passes). */
const retryInBackground = (clock: SimulatedClock) => act(() => clock.increment(retryDelaysMs[0]))

const retryButton = (alert: HTMLElement) => within(alert).getByRole('button', { name: 'Retry' })

interface ListCase {
  readonly name: string
  readonly ui: ReactElement
  readonly path?: string
  /** the API call whose answer the list shows */
  readonly call: string
  /** the call made on the wire, when the answer comes inside another's (the state's) @default call */
  readonly via?: string
  readonly failureText: string
  /** the answer with something in it, and how the view shows it */
  readonly answer: Handler
  readonly shown: () => Promise<unknown>
  /** an answer with nothing in it, and the text the view shows then (none: the list is hidden) */
  readonly emptyAnswer: Handler
  readonly emptyText?: RegExp
}

const vote = {
  type: 'Vote',
  timestamp: Date.now() - 60_000,
  data: { pollId: 1, titleId: 2494, userId: 7, username: 'zoe', vote: 'down', ttcBet: 12.5 },
}
const transaction = {
  transactionId: 1,
  receiver: 'w-1',
  type: 'grant',
  amount: 100,
  reference: 'grant',
  createdAt: Date.now() - 60_000,
}
const ranked = [{ rank: 1, userId: 6, username: 'max', points: 3, accuracy: 1 }]

const cases: ListCase[] = [
  {
    name: 'the activity stream',
    ui: <ActivityStream />,
    call: 'activity',
    via: 'state',
    failureText: 'Error fetching activity stream elements!',
    answer: () => [vote],
    shown: () => screen.findByRole('list', { name: 'Activity' }),
    emptyAnswer: () => [],
    emptyText: /No activity in your group yet/,
  },
  {
    name: 'the polls page',
    ui: <Polls />,
    path: '/polls',
    call: 'polls',
    via: 'state',
    failureText: 'Error fetching polls!',
    answer: () => [pollAt(1, apple, Date.now() - hour)],
    shown: () => screen.findByRole('list', { name: 'Running polls' }),
    emptyAnswer: () => [],
    emptyText: /No poll is running right now/,
  },
  {
    name: 'the live ranking',
    ui: <LiveRankingPanel />,
    call: 'rankings',
    via: 'state',
    failureText: 'Error fetching ranking!',
    answer: () => ranked,
    shown: () => screen.findByText('max'),
    emptyAnswer: () => [],
    emptyText: /Nobody is ranked yet/,
  },
  {
    name: "a period's ranking",
    ui: <PeriodRanking period="this_week" caption="This week ranking" />,
    call: 'rankings',
    failureText: 'Error fetching ranking!',
    answer: () => ranked,
    shown: () => screen.findByRole('table', { name: 'This week ranking' }),
    emptyAnswer: () => [],
    emptyText: /Nobody is ranked yet/,
  },
  {
    name: 'the transactions',
    ui: <TransactionList walletAddress="w-1" />,
    call: 'transactions',
    failureText: 'Error fetching transactions!',
    answer: () => [transaction],
    shown: () => screen.findByRole('list', { name: 'Transactions' }),
    emptyAnswer: () => [],
    emptyText: /No transactions yet/,
  },
  {
    // the whole screen at its own route: the tab follows the URL, and '/' would show the Live Tweet tab
    name: 'the overview per title',
    ui: <LiveStream />,
    path: '/livestream/predictions',
    call: 'taggedMessagesPerformance',
    failureText: 'Error fetching the overview per title!',
    answer: () => ({
      ...taggedPerformance,
      titles: [{ ...taggedPerformance.total, titleId: apple, titleName: 'Apple' }],
    }),
    shown: () => screen.findByRole('rowheader', { name: 'Apple' }),
    emptyAnswer: () => taggedPerformance,
  },
]

describe('a list whose load failed (issue "The social loop", point 3)', () => {
  for (const list of cases) {
    describe(list.name, () => {
      it('shows the failure with Retry in its place, not its empty text, and Retry loads it', async () => {
        const user = userEvent.setup()
        const { handler, recover } = flaky(list.answer)
        const view = show(list.ui, { [list.call]: handler }, list.path)
        const alert = await screen.findByRole('alert')
        expect(alert.textContent).toContain(list.failureText)
        if (list.emptyText) expect(screen.queryByText(list.emptyText)).toBeNull()
        recover()
        const made = (name: string) => name === (list.via ?? list.call)
        const before = view.calls.filter(made).length
        await user.click(retryButton(alert))
        expect(await list.shown()).toBeTruthy()
        expect(view.calls.filter(made).length).toBeGreaterThan(before)
        await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
      })

      it('recovers on its own: the background retry loads it', async () => {
        const { handler, recover } = flaky(list.answer)
        const view = show(list.ui, { [list.call]: handler }, list.path)
        expect((await screen.findByRole('alert')).textContent).toContain(list.failureText)
        recover()
        await retryInBackground(view.clock)
        expect(await list.shown()).toBeTruthy()
        await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
      })

      it('shows its empty text when the server has nothing, with no failure', async () => {
        show(list.ui, { [list.call]: list.emptyAnswer }, list.path)
        if (list.emptyText) expect(await screen.findByText(list.emptyText)).toBeTruthy()
        expect(screen.queryByRole('alert')).toBeNull()
      })
    })
  }
})

describe('the group overview: one load for its three lists', () => {
  const everybody = group(1000, 'Everybody')
  const owls = group(11, 'Owls', { memberStatus: 'invited', isAdmin: false })
  const bears = group(9, 'Bears', { publicGroup: true, memberStatus: null, isAdmin: false })
  const lists = () => ({
    groups: [everybody, group(7, 'Traders')],
    invitations: [owls],
    publicGroups: [bears],
  })
  const members = () => [{ userId: 5, username: 'alice', isAdmin: true, status: 'active', joinedAt: 1 }]
  const texts = ['Error fetching invitations!', 'Error fetching groups!', 'Error fetching public groups!']

  it('shows each list’s failure with Retry instead of a skeleton forever, and Retry loads them', async () => {
    const user = userEvent.setup()
    const { handler, recover } = flaky(lists)
    show(<Groups />, { groups: handler, groupMembers: members }, '/groups')
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toHaveLength(3),
    )
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(
      texts.map((text) => expect.stringContaining(text)),
    )
    recover()
    await user.click(retryButton(screen.getAllByRole('alert')[0] as HTMLElement))
    expect(await screen.findByRole('heading', { name: 'Invitations' })).toBeTruthy()
    expect(screen.getByText('Traders')).toBeTruthy()
    expect(screen.getByText('Bears')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('recovers on its own: the background retry loads them', async () => {
    const { handler, recover } = flaky(lists)
    const view = show(<Groups />, { groups: handler, groupMembers: members }, '/groups')
    expect((await screen.findAllByRole('alert')).length).toBeGreaterThan(0)
    recover()
    await retryInBackground(view.clock)
    expect(await screen.findByText('Bears')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says there are no other public groups and shows no invitations when the server has none', async () => {
    show(
      <Groups />,
      { groups: () => ({ groups: [everybody], invitations: [], publicGroups: [] }), groupMembers: members },
      '/groups',
    )
    expect(await screen.findByText(/No other public groups right now/)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Invitations' })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('the predictions: loaded with the auth user', () => {
  const player = authUser({
    id: 5,
    taggedMessages: [taggedMessage('m1', { titleId: apple, createdAt: Date.now() })],
  })
  /** the session's own read succeeds; the predictions' read fails until `recover()` */
  function predictionsFailing() {
    let reads = 0
    const { handler, recover } = flaky(() => player)
    return { handler: ((args) => (++reads === 1 ? player : handler(args))) as Handler, recover }
  }

  it('shows the failure with Retry, not "No predictions this week", and Retry loads them', async () => {
    const user = userEvent.setup()
    const { handler, recover } = predictionsFailing()
    show(<YourPredictionsPanel />, { authInfo: handler })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Error fetching predictions!')
    expect(screen.queryByText('No predictions this week')).toBeNull()
    recover()
    await user.click(retryButton(alert))
    expect(await screen.findByRole('table', { name: 'Your predictions' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('recovers on its own: the background retry loads them', async () => {
    const { handler, recover } = predictionsFailing()
    const view = show(<YourPredictionsPanel />, { authInfo: handler })
    await screen.findByRole('alert')
    recover()
    await retryInBackground(view.clock)
    expect(await screen.findByRole('table', { name: 'Your predictions' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says "No predictions this week" when the player has none', async () => {
    show(<YourPredictionsPanel />, { authInfo: () => authUser({ id: 5, taggedMessages: [] }) })
    expect(await screen.findByText('No predictions this week')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('a list whose refresh failed', () => {
  it('keeps what it showed under a small notice, until a retry loads it again', async () => {
    let failing = false
    const view = show(<ActivityStream />, { activity: () => (failing ? refused(400)() : [vote]) })
    const feed = await screen.findByRole('list', { name: 'Activity' })
    failing = true
    // the 10 s refresh of the stores fails
    await act(() => view.clock.increment(10_000))
    const notice = await screen.findByRole('status')
    expect(notice.textContent).toContain('Could not refresh. Error fetching activity stream elements!')
    expect(screen.getByRole('list', { name: 'Activity' })).toBe(feed)
    expect(screen.queryByRole('alert')).toBeNull()
    failing = false
    await retryInBackground(view.clock)
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
    expect(screen.getByRole('list', { name: 'Activity' })).toBeTruthy()
  })
})
