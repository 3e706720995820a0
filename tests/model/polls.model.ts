import type { OwnVote, Poll, PollResults } from '../../src/api/polls'
import { pollsMachine } from '../../src/machines/polls.machine'
import type { PollsData } from '../../src/machines/polls.types'
import type { StoreContext } from '../../src/machines/store.types'
import { pollAt } from '../support/game-fixtures'
import type { PathModel } from './paths'
import { storeLoads } from './store.model'

const hour = 3600_000
/** The game's clock: polls p1 (Apple, id 1) and p3 (Tesla, id 2) start at 0, betting closes at 2 h. */
export const times = { start: 0, closing: 2 * hour, evaluation: 6 * hour }
export const knownTitleIds = [1]

const results = (up: number, total: number): PollResults => ({
  numUsersBetUp: up,
  numUsersBetFlat: 0,
  numUsersBetDown: 0,
  totalTtcBet: total,
  ttcBetUp: total,
  ttcBetFlat: 0,
  ttcBetDown: 0,
})

const poll = (pollId: number, titleId: number, startTime: number): Poll => pollAt(pollId, titleId, startTime)

/** The server's list: an open poll of a known title, an older one, and one of a title the client does not know. */
export const serverPolls: Poll[] = [
  poll(1, 1, times.start),
  poll(2, 1, times.start - 8 * hour),
  poll(3, 2, times.start),
]
export const bet: OwnVote = { pollId: 1, userId: 5, vote: 'up', ttcBet: 10, createdAt: 1, payout: null }
export const betResults = results(1, 10)
export const loadFailure = new Error('polls unavailable')

const dataOf = (snapshot: { context: unknown }) => (snapshot.context as StoreContext<PollsData>).data

const hasBets = (data: PollsData) =>
  data.localVotes.length > 0 || data.received.some((poll) => poll.votes.length > 0)

export const pollsModel: PathModel = {
  name: 'polls',
  summary:
    'The polls store (spec §4 "Poll lifecycle", §5): polls of known titles only, open, closed and evaluated by the client clock, a bet shown at once and kept until the server lists it.',
  machine: pollsMachine,
  input: { loggedIn: true },
  events: [
    { type: 'store.initialize' },
    { type: 'store.initialize', force: true },
    { type: 'store.reset' },
    { type: 'xstate.done.actor.loadStore', output: serverPolls },
    { type: 'xstate.error.actor.loadStore', error: loadFailure },
    { type: 'titles.changed', titleIds: knownTitleIds },
    { type: 'clock.ticked', now: times.closing },
    { type: 'clock.ticked', now: times.evaluation },
    { type: 'polls.betAdded', vote: bet },
    { type: 'polls.resultsReceived', pollId: 1, results: betResults },
  ],
  // the lifecycle itself is the store model's: here what the polls add to it, in the ready store
  filterEvents: (snapshot, event) => {
    const { data } = snapshot.context as StoreContext<PollsData>
    const ready = snapshot.value === 'ready'
    switch (event.type) {
      case 'titles.changed':
        // before the first load, or after it (the polls of now known titles show up)
        return data.titleIds.length === 0 && (ready || snapshot.value === 'uninitialized')
      case 'clock.ticked':
        // the clock only moves forward, one step at a time; bets are explored on the open poll
        return (
          ready &&
          !hasBets(data) &&
          ((data.now === times.start && event.now === times.closing) ||
            (data.now === times.closing && event.now === times.evaluation))
        )
      case 'polls.betAdded':
        return ready && data.now === times.start && data.titleIds.length > 0
      case 'store.reset':
        return ready
      case 'polls.resultsReceived':
        return ready && data.localVotes.length > 0
      default:
        return true
    }
  },
  expectedOutputs: ({ from, event, history }) =>
    storeLoads(from, event, history, true) ? [{ call: 'loadStore' }] : [],
  describeState: (snapshot) => {
    const data = dataOf(snapshot)
    const { loggedIn } = snapshot.context as StoreContext<PollsData>
    const shown = data.polls.map((p) => `p${p.pollId} ${p.phase}${p.votes.length ? ' with bet' : ''}`)
    const facts = [
      loggedIn ? 'logged in' : 'logged out',
      `clock ${data.now / hour} h`,
      data.titleIds.length ? 'titles known' : 'no titles',
      shown.length ? `shows ${shown.join(', ')}` : 'shows no poll',
      ...(data.localVotes.length ? ['bet unsent'] : []),
    ]
    return `${String(snapshot.value)} (${facts.join('; ')})`
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'store.initialize':
        return event.force ? 'initialize (forced: the 10 s refresh)' : 'initialize'
      case 'store.reset':
        return 'reset (the active group changed)'
      case 'session.changed':
        return event.loggedIn ? 'the user logs in' : 'the user logs out'
      case 'xstate.done.actor.loadStore':
        return 'the server lists p1 (Apple), p2 (Apple, older) and p3 (a title the client does not know)'
      case 'xstate.error.actor.loadStore':
        return 'loading fails'
      case 'titles.changed':
        return 'the known titles arrive (Apple)'
      case 'clock.ticked':
        return `the clock reaches ${(event.now as number) / hour} h`
      case 'polls.betAdded':
        return 'the player bets 10 TTC up on p1'
      case 'polls.resultsReceived':
        return "the server took the bet: p1's results"
      default:
        return undefined
    }
  },
}
