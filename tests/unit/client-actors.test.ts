import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, SimulatedClock, toPromise } from 'xstate'
import {
  callWithPolicy,
  errorRoutingFor,
  type Navigator,
  type Notice,
  type Notifier,
  provideRecentChampions,
  provideServerErrorPolicy,
  provideStateFetch,
  requestState,
} from '~/actors'
import { gameReadsFor } from '~/actors/game-reads'
import { type ApiClient, ApiError, createApiClient } from '~/api/client'
import { recentChampionsMachine } from '~/machines/recent-champions.machine'
import { serverErrorMachine } from '~/machines/server-error.machine'
import { stateFetchMachine } from '~/machines/state-fetch.machine'
import { readsOver } from '../support/client-fixtures'
import { type RecordingServer, startRecordingServer } from '../support/recording-server'

const internalError = {
  status: 500,
  body: { error: { code: 'internal_error', message: 'Oops! Something went wrong' } },
}

/** A router stand-in: the location and every move. */
function fakeNavigator(start = '/') {
  const moves: { to: string; replace: boolean }[] = []
  let location = start
  const navigator: Navigator = {
    current: () => location,
    go: (to, options) => {
      moves.push({ to, replace: options?.replace ?? false })
      location = to
    },
  }
  return { navigator, moves, visit: (to: string) => (location = to) }
}

function fakeNotifier() {
  const notices: Notice[] = []
  const notifier: Notifier = { show: (notice) => notices.push(notice) }
  return { notifier, notices }
}

const results = {
  numUsersBetUp: 1,
  numUsersBetFlat: 0,
  numUsersBetDown: 0,
  totalTtcBet: 1,
  ttcBetUp: 1,
  ttcBetFlat: 0,
  ttcBetDown: 0,
}

let server: RecordingServer
let api: ApiClient

beforeAll(async () => {
  server = await startRecordingServer()
  api = createApiClient({ baseUrl: server.url, appVersion: 'test' })
})
afterAll(() => server.close())
beforeEach(() => server.reset())

describe('error routing', () => {
  it('remembers where the app was and returns there, once', () => {
    const { navigator, moves } = fakeNavigator('/polls?tab=open')
    const routing = errorRoutingFor(navigator)
    routing.toError()
    routing.toError()
    routing.back()
    routing.back()
    expect(moves).toEqual([
      { to: '/error', replace: false },
      { to: '/polls?tab=open', replace: true },
    ])
    expect(errorRoutingFor(navigator)).toBe(routing)
  })

  it('leaves the player where they went meanwhile', () => {
    const { navigator, moves, visit } = fakeNavigator('/polls')
    errorRoutingFor(navigator).toError()
    visit('/settings')
    errorRoutingFor(navigator).back()
    expect(moves).toEqual([{ to: '/error', replace: false }])
  })
})

describe('the server-error policy, wired', () => {
  it('retries a failing call through the client, showing the error route and the countdown', async () => {
    const clock = new SimulatedClock()
    const { navigator, moves } = fakeNavigator('/ranking')
    const { notifier, notices } = fakeNotifier()
    // the policy alone retries a 5xx: the client hands it over after one request
    server.reply('/v1/users/me', internalError, {
      body: {
        id: 1,
        username: 'ann',
        rank: 1,
        liveRank: 1,
        userBadges: [],
        createdAt: 1,
        balance: 100,
        groups: [],
        votes: { total: 0, open: 0, won: 0 },
        predictions: { total: 0, running: 0, correct: 0 },
      },
    })
    const policy = provideServerErrorPolicy(serverErrorMachine, {
      api,
      navigate: navigator,
      notify: notifier,
    })
    const actor = createActor(policy, {
      input: { request: { call: 'user', args: { params: { user: 'me' } } } },
      clock,
    }).start()
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('waiting'))
    expect(server.requests).toHaveLength(1)
    expect(moves).toEqual([{ to: '/error', replace: false }])
    expect(notices).toEqual([
      {
        kind: 'negative',
        message: 'Error fetching data from server!',
        caption: 'Retry starting in 2 seconds...',
        timeoutMs: 2000,
        countdown: true,
        key: 'server_error',
      },
    ])
    clock.increment(2000)
    expect(await toPromise(actor)).toMatchObject({ ok: true, data: { username: 'ann' } })
    expect(server.requests).toHaveLength(2)
  })

  it('keeps one Idempotency-Key for a vote across the policy attempts', async () => {
    const { navigator } = fakeNavigator()
    const { notifier } = fakeNotifier()
    server.reply('/v1/stockgame/polls/3/vote', internalError, internalError, internalError, internalError, {
      body: results,
    })
    const policy = provideServerErrorPolicy(serverErrorMachine, {
      api,
      navigate: navigator,
      notify: notifier,
    })
    // no waiting between the policy's attempts here: the delays have their own tests
    const vote = callWithPolicy(policy.provide({ delays: { retryDelay: 0 } }), 'vote', {
      params: { pollId: 3 },
      body: { pollId: 3, userId: 1, vote: 'up', ttcBet: 1 },
    })
    await expect(vote).resolves.toEqual(results)
    const keys = new Set(server.requests.map((request) => request.headers['idempotency-key']))
    expect(server.requests).toHaveLength(5)
    expect(keys.size).toBe(1)
  })

  it('keeps one Idempotency-Key for a group leave across the policy attempts', async () => {
    const { navigator } = fakeNavigator()
    const { notifier } = fakeNotifier()
    const path = '/v1/stockgame/groups/3/leave'
    server.reply(path, internalError, internalError, internalError, internalError, { status: 204 })
    const policy = provideServerErrorPolicy(serverErrorMachine, {
      api,
      navigate: navigator,
      notify: notifier,
    })
    const leave = callWithPolicy(policy.provide({ delays: { retryDelay: 0 } }), 'leaveGroup', {
      params: { groupId: 3 },
    })
    await expect(leave).resolves.toBeUndefined()
    const keys = new Set(server.requests.map((request) => request.headers['idempotency-key']))
    expect(server.requests).toHaveLength(5)
    expect(keys.size).toBe(1)
    expect([...keys][0]).toMatch(/^[0-9a-f]{32}$/)
  })

  it('rejects with the ApiError of a failure below 500', async () => {
    const { navigator, moves } = fakeNavigator()
    const { notifier, notices } = fakeNotifier()
    server.reply('/v1/users/ghost', {
      status: 404,
      body: { error: { code: 'not_found', message: 'User not found.' } },
    })
    const policy = provideServerErrorPolicy(serverErrorMachine, {
      api,
      navigate: navigator,
      notify: notifier,
    })
    const failure = await callWithPolicy(policy, 'user', { params: { user: 'ghost' } }).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 404, code: 'not_found' })
    expect([moves, notices]).toEqual([[], []])
  })
})

describe('state fetching, wired', () => {
  it('pauses on a 5xx of the state call, refuses requests, and resumes back where the app was', async () => {
    const clock = new SimulatedClock()
    const { navigator, moves } = fakeNavigator('/polls')
    const { notifier, notices } = fakeNotifier()
    const state = { users: [], polls: [], rankings: {}, chronic: [], publicGroups: [] }
    // paused at the first 5xx answer: the client does not retry it first
    server.reply('/v1/stockgame/state', internalError, { body: state })
    const machine = provideStateFetch(stateFetchMachine, { api, navigate: navigator, notify: notifier })
    const actor = createActor(machine, { clock }).start()

    const first = requestState(actor)
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ fetching: 'paused' })).toBe(true))
    expect(moves).toEqual([{ to: '/error', replace: false }])
    expect(notices).toHaveLength(1)
    await expect(requestState(actor)).rejects.toMatchObject({
      code: 'no_connection',
      message: 'No connection to server!',
    })
    expect(server.requests).toHaveLength(1)

    clock.increment(2000)
    await expect(first).resolves.toEqual(state)
    expect(moves.at(-1)).toEqual({ to: '/polls', replace: true })
    await expect(requestState(actor)).resolves.toEqual(state)
    expect(server.requests).toHaveLength(2)
    actor.stop()
  })
})

describe("the app's one pause, wired", () => {
  it("pauses every read at one read's 5xx: one countdown, the others refused, the state call resumes", async () => {
    const clock = new SimulatedClock()
    const { navigator, moves } = fakeNavigator('/groups')
    const { notifier, notices } = fakeNotifier()
    const state = { users: [], polls: [], rankings: {}, chronic: [], publicGroups: [] }
    server.reply('/v1/stockgame/universe', internalError, { body: [] })
    server.reply('/v1/stockgame/state', internalError, internalError, { body: state })
    const fetching = createActor(
      provideStateFetch(stateFetchMachine, { api, navigate: navigator, notify: notifier }),
      {
        clock,
      },
    ).start()
    const reads = gameReadsFor(api, fetching)

    // the universe's 5xx: not retried by the read itself, it pauses the app
    await expect(reads.read('universe', {})).rejects.toMatchObject({ status: 500 })
    await vi.waitFor(() => expect(notices).toHaveLength(1))
    expect(moves).toEqual([{ to: '/error', replace: false }])
    // paused: any read, and the state, refused at once without a request
    const before = server.requests.length
    await expect(reads.read('groups', {})).rejects.toMatchObject({ message: 'No connection to server!' })
    await expect(reads.state()).rejects.toMatchObject({ code: 'no_connection' })
    expect(server.requests).toHaveLength(before)

    // the state call's second 5xx: the countdown notice is the same one, replaced (one key)
    clock.increment(2000)
    await vi.waitFor(() => expect(notices).toHaveLength(2))
    expect(new Set(notices.map((notice) => notice.key))).toEqual(new Set(['server_error']))
    clock.increment(4000)
    await vi.waitFor(() => expect(moves.at(-1)).toEqual({ to: '/groups', replace: true }))
    // resumed: reads go out again, the state answers from its cache
    await expect(reads.read('universe', {})).resolves.toEqual([])
    await expect(reads.state()).resolves.toEqual(state)
    expect(server.requests.filter((request) => request.path === '/v1/stockgame/state')).toHaveLength(3)
    fetching.stop()
  })
})

describe('recent champions, wired', () => {
  it("load last week's champions of the server", async () => {
    server.reply('/v1/stockgame/champions', {
      body: [
        { rank: 2, userId: 6, username: 'bob', points: 8 },
        { rank: 1, userId: 5, username: 'alice', points: 12 },
      ],
    })
    const actor = createActor(provideRecentChampions(recentChampionsMachine, { reads: readsOver(api) }), {
      input: { loggedIn: true },
    }).start()
    actor.send({ type: 'store.initialize' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'))
    expect(server.requests[0]?.path).toBe('/v1/stockgame/champions')
    expect(actor.getSnapshot().context.data).toEqual([
      { rank: 1, userId: 5, username: 'alice', points: 12 },
      { rank: 2, userId: 6, username: 'bob', points: 8 },
      { rank: 3 },
    ])
  })
})
