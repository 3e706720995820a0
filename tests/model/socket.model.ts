import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { socketMachine } from '../../src/machines/socket.machine'
import { type SocketContext, subscribeRetries, type TitleInfo } from '../../src/machines/socket.types'
import { type Output, type PathModel, stateName } from './paths'

export const apple: TitleInfo = { id: 2494, n: 'Apple' }
export const tesla: TitleInfo = { id: 2793, n: 'Tesla' }
/** added later: one with a name, one the app knows no name of (reported as '-') */
export const addedTitles: TitleInfo[] = [{ id: 99979, n: 'Bitcoin' }, { id: 12 }]

const tickOf = (l: number) => ({ a: l + 0.01, b: l - 0.01, l, s: 'sp', tl: 1_700_000_000_000 })
/** the acknowledgement of every known title, and one that lacks all but Apple */
export const allTicks = { '2494': tickOf(180), '2793': tickOf(250), '99979': tickOf(60_000), '12': tickOf(1) }
export const appleOnly = { '2494': tickOf(180) }
export const tick = { id: 2494, a: 181, b: 180.9, l: 181, s: 'sp', t: 1_700_000_001_000 }
export const message = {
  type: 'tweets',
  message_id: 'm1',
  twitter_user: { profile_image_url: 'https://example.test/a.png', name: 'A', screen_name: 'a' },
  tweet: '$AAPL up',
  t: 1_700_000_000,
  titles: [{ title_id: 2494, start_index: 0, end_index: 5 }],
}

const authorizeFailed = {
  kind: 'negative',
  message: 'Socket authorize failed and you have been logged out.',
  key: 'socket_authorize_failed',
}
const subscribeFailed = (loggedOut: boolean) => ({
  kind: 'negative',
  message: 'Could not subscribe to live prices.',
  ...(loggedOut ? { caption: 'You have been logged out.' } : {}),
  key: 'subscribe_title_ticks_failed',
})

/** a refused second authorize: the notice, the login route, the logout; leaving live closes the socket */
const loggedOutByAuthorize: Output[] = [
  { notice: authorizeFailed },
  { navigate: 'login' },
  { action: 'logs the user out' },
  { socket: 'close' },
]

const contextOf = (snapshot: AnyMachineSnapshot | undefined) => snapshot?.context as SocketContext
const idsOf = (titles: readonly TitleInfo[]) => titles.map((title) => title.id)
const isLive = (at: string | undefined) => at?.startsWith('live.') === true

/** The titles known after `event`: the ones before plus those it adds. */
function titlesAfter(context: SocketContext, event: AnyEventObject): TitleInfo[] {
  if (event.type !== 'titles.added') return [...context.titles]
  const added = (event.titles as TitleInfo[]).filter(
    (title) => !context.titles.some((known) => known.id === title.id),
  )
  return [...context.titles, ...added]
}

const subscribe = (titles: readonly TitleInfo[]): Output => ({ socket: 'subscribe', titleIds: idsOf(titles) })

/** Spec §4 "Realtime socket", §5, §7, §8 written out: what the app sees after each step. */
function expectedOutputs(from: AnyMachineSnapshot | undefined, event: AnyEventObject): Output[] {
  const at = from && stateName(from)
  const context = contextOf(from)
  switch (event.type) {
    case 'socket.connect':
      // a new user or new credentials: a new socket
      return isLive(at) ? [{ socket: 'close' }, { socket: 'open' }] : [{ socket: 'open' }]
    case 'socket.disconnect':
      // while re-authorizing, the socket's own outcome (the refreshed user) decides and reports
      return isLive(at) && at !== 'live.reauthorizing' ? [{ socket: 'close' }] : []
    case 'socket.connected':
      return at === 'live.connecting' ? [{ socket: 'authorize', credentials: context.credentials }] : []
    case 'socket.connectError':
      return [
        {
          notice: { kind: 'warning', message: 'Connect error', caption: event.message, key: 'connect_error' },
        },
      ]
    case 'socket.reconnected':
      return event.attempt > 1
        ? [{ notice: { kind: 'positive', message: 'Reconnected', key: 'reconnect' } }]
        : []
    case 'socket.authorized':
      if (event.ok) return [subscribe(context.titles)]
      if (at === 'live.authorizing') return [{ call: 'refreshUser' }]
      return loggedOutByAuthorize
    case 'xstate.done.actor.refreshUser':
      return [{ socket: 'authorize', credentials: event.output.websocketCredentials }]
    case 'xstate.error.actor.refreshUser':
      return loggedOutByAuthorize
    case 'socket.subscribed': {
      const missing = Object.fromEntries(
        context.requested
          .filter((id) => !(String(id) in event.ticks))
          .map((id) => [String(id), context.titles.find((title) => title.id === id)?.n ?? '-']),
      )
      const unrequested = context.titles.some((title) => !context.requested.includes(title.id))
      // the report first; then the listeners get the ticks, and titles added meanwhile are asked for
      return [
        ...(Object.keys(missing).length ? [{ report: missing }] : []),
        { emit: { type: 'realtime.ticks', ticks: event.ticks } },
        ...(unrequested ? [subscribe(context.titles)] : []),
      ]
    }
    case 'socket.subscribeFailed':
      if (!context.subscribedOnce && context.subscribeFailures < subscribeRetries)
        return [subscribe(context.titles)]
      if (!context.subscribedOnce)
        return [{ notice: subscribeFailed(true) }, { action: 'logs the user out' }, { socket: 'close' }]
      return [{ notice: subscribeFailed(false) }]
    case 'titles.added': {
      const after = titlesAfter(context, event)
      return at === 'live.subscribed' && after.length > context.titles.length ? [subscribe(after)] : []
    }
    case 'socket.ticked':
      return [{ emit: { type: 'realtime.ticked', ticks: event.ticks } }]
    case 'socket.message':
      return [{ emit: { type: 'realtime.message', message: event.message } }]
    case 'socket.groupsChanged':
      return [{ emit: { type: 'realtime.groupsChanged', groupId: event.groupId } }]
    default:
      return []
  }
}

/**
 * Where an event teaches something. Each concern (failed subscribes, a refused authorize, added titles,
 * a dropped connection) is explored from the plain case (two titles, the first credentials, no failed
 * subscribe), not combined with every other one: that keeps the paths readable.
 */
function worthSending(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const at = stateName(snapshot)
  const context = snapshot.context as SocketContext
  const plainTitles = context.titles.length === 2
  const plain = plainTitles && context.credentials !== 'ws-2' && context.subscribeFailures === 0
  switch (event.type) {
    case 'socket.ticked':
    case 'socket.message':
    case 'socket.groupsChanged':
      return at === 'live.subscribed' && plain
    case 'socket.connectError':
    case 'socket.reconnected':
      return at === 'live.connecting' && context.subscribedOnce && plain
    case 'socket.disconnected':
      return (at === 'live.subscribed' || at === 'live.authorizing') && plain
    case 'socket.connect':
      // a second user signing in while the socket is up
      return !isLive(at) || (at === 'live.subscribed' && plain)
    case 'socket.disconnect':
      return plain || at === 'loggedOut'
    case 'titles.added':
      return plainTitles && context.credentials !== 'ws-2' && context.subscribeFailures === 0
    case 'socket.authorized':
      return event.ok || (plainTitles && !context.subscribedOnce)
    case 'socket.subscribeFailed':
      return plainTitles ? context.credentials !== 'ws-2' : context.subscribedOnce
    case 'socket.subscribed':
      // the acknowledgement lacking titles matters once the added ones were asked for
      return event.ticks === allTicks || context.requested.length > 2
    default:
      return true
  }
}

export const socketModel: PathModel = {
  name: 'socket',
  summary:
    'The realtime socket (spec §4 "Realtime socket", §7, §8): connect, authorize (refresh the user and retry once, else log out), subscribe to every known title (retried 3 times on the initial connect, else log out), re-subscribe when titles are added, report missing titles, reconnect notices, ticks, messages and group changes to listeners.',
  machine: socketMachine,
  input: { titles: [apple, tesla] },
  events: [
    { type: 'socket.connect', credentials: 'ws-1' },
    { type: 'socket.disconnect' },
    { type: 'titles.added', titles: addedTitles },
    { type: 'socket.connected' },
    { type: 'socket.disconnected', reason: 'transport close' },
    { type: 'socket.connectError', message: 'websocket error' },
    { type: 'socket.reconnected', attempt: 1 },
    { type: 'socket.reconnected', attempt: 2 },
    { type: 'socket.authorized', ok: true },
    { type: 'socket.authorized', ok: false },
    { type: 'socket.subscribed', ticks: allTicks },
    { type: 'socket.subscribed', ticks: appleOnly },
    { type: 'socket.subscribeFailed', reason: 'operation has timed out' },
    { type: 'socket.ticked', ticks: [tick] },
    { type: 'socket.message', message },
    { type: 'socket.groupsChanged', groupId: 1001 },
    { type: 'xstate.done.actor.refreshUser', output: { websocketCredentials: 'ws-2' } },
    { type: 'xstate.error.actor.refreshUser', error: new Error('Not signed in any more') },
  ],
  filterEvents: worthSending,
  expectedOutputs: ({ from, event }) => expectedOutputs(from, event),
  describeState: (snapshot) => {
    const context = snapshot.context as SocketContext
    const facts = [
      `${context.titles.length} titles`,
      ...(context.subscribeFailures ? [`${context.subscribeFailures} failed subscribes`] : []),
      ...(context.subscribedOnce ? ['subscribed before'] : []),
    ]
    return `${stateName(snapshot)} (${facts.join(', ')})`
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'socket.connect':
        return `a user signs in (credentials ${event.credentials})`
      case 'socket.disconnect':
        return 'the user signs out'
      case 'titles.added':
        return 'title infos are added (Bitcoin and an unnamed title 12)'
      case 'socket.connected':
        return 'the socket connects'
      case 'socket.disconnected':
        return 'the connection drops'
      case 'socket.connectError':
        return `a connect error (${event.message})`
      case 'socket.reconnected':
        return `reconnected after attempt ${event.attempt}`
      case 'socket.authorized':
        return event.ok ? "'authorize' is acknowledged true" : "'authorize' is refused"
      case 'socket.subscribed':
        return event.ticks === allTicks
          ? "'subscribe title ticks' answers every title"
          : "'subscribe title ticks' answers Apple only"
      case 'socket.subscribeFailed':
        return "'subscribe title ticks' times out"
      case 'socket.ticked':
        return 'a batch of ticks arrives'
      case 'socket.message':
        return 'a message arrives'
      case 'socket.groupsChanged':
        return "'groups changed' arrives (group 1001)"
      case 'xstate.done.actor.refreshUser':
        return `the user is refreshed (credentials ${event.output.websocketCredentials})`
      case 'xstate.error.actor.refreshUser':
        return 'refreshing the user finds nobody signed in'
      default:
        return undefined
    }
  },
}
