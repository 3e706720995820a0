import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest'
import {
  type ApiClient,
  ApiError,
  apiCalls,
  appVersion,
  type CallResult,
  createApiClient,
} from '~/api/client'
import type { RankingRow } from '~/api/rankings'
import type { Settings } from '~/api/settings'
import type { GameState } from '~/api/state'
import type { AuthUser } from '~/api/users'
import { type RecordingServer, startRecordingServer } from '../support/recording-server'

const version = 'test-1.2.3'
const internalError = {
  status: 500,
  body: { error: { code: 'internal_error', message: 'Oops! Something went wrong' } },
}
const settings: Settings = {
  isFirstTimeUser: false,
  dataUtilization: { analyticsCookies: true },
  notifications: {
    importantMessages: { email: false, push: true },
    dailyCloseout: { email: false, push: false },
  },
  watchList: [1, 2],
}

/** A bet and the poll results the vote call answers with. */
const bet = { pollId: 7, userId: 1, vote: 'up', ttcBet: 5 } as const
const results = {
  numUsersBetUp: 1,
  numUsersBetFlat: 0,
  numUsersBetDown: 0,
  totalTtcBet: 5,
  ttcBetUp: 5,
  ttcBetFlat: 0,
  ttcBetDown: 0,
}

let server: RecordingServer
let api: ApiClient
/** what ofetch handed to fetch: a spy in front of the real fetch, nothing is answered here */
const fetchCalls: { url: string; init: RequestInit | undefined }[] = []

const spyFetch: typeof fetch = (input, init) => {
  fetchCalls.push({ url: String(input), init })
  return fetch(input, init)
}

/** Rejects with the ApiError of the call. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

const requestsTo = (path: string) => server.requests.filter((request) => request.path === path)

/**
 * An attempt's timeout in the timeout tests, and an answer slower than it. The server counts an attempt
 * once it has read the request: on a loaded machine an attempt cut at 60 ms could end before that.
 */
const attemptTimeoutMs = 250
const slowAnswerMs = 2000

beforeAll(async () => {
  server = await startRecordingServer()
  api = createApiClient({ baseUrl: server.url, appVersion: version, fetch: spyFetch })
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  fetchCalls.length = 0
})

describe('the call table', () => {
  it('has the spec retry counts: tag, vote, settings patch and group writes 3, reads 2', () => {
    for (const name of [
      'tag',
      'vote',
      'patchSettings',
      'switchGroup',
      'saveGroup',
      'setGroupMembers',
    ] as const) {
      expect(apiCalls[name], name).toMatchObject({ retries: 3, retryServerErrors: true })
    }
    for (const name of ['leaveGroup', 'deleteGroup'] as const)
      expect(apiCalls[name], name).toMatchObject({
        retries: 3,
        retryServerErrors: true,
        idempotencyKey: true,
      })
    for (const [name, call] of Object.entries(apiCalls)) {
      if (call.method === 'GET' && !name.endsWith('Group')) expect(call.retries, name).toBe(2)
    }
    expect(apiCalls.untaggedMessages).toMatchObject({ retries: 2, timeoutMs: 20_000 })
    expect(apiCalls.tag.idempotencyKey && apiCalls.vote.idempotencyKey).toBe(true)
  })

  it('types arguments and answers from the shared schemas', () => {
    expectTypeOf<CallResult<'authInfo'>>().toEqualTypeOf<AuthUser>()
    expectTypeOf<CallResult<'patchSettings'>>().toEqualTypeOf<Settings>()
    expectTypeOf<CallResult<'state'>>().toEqualTypeOf<GameState>()
    expectTypeOf<CallResult<'rankings'>>().toEqualTypeOf<RankingRow[]>()
    expectTypeOf<CallResult<'logout'>>().toEqualTypeOf<undefined>()
    // @ts-expect-error the path parameter is required
    void (() => api.call('user'))
    // @ts-expect-error a settings patch takes the settings' fields only
    void (() => api.call('patchSettings', { params: { user: 'me' }, body: { theme: 'dark' } }))
  })

  it('takes the app version from package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
    expect(appVersion).toBe(pkg.version)
  })
})

describe('requests', () => {
  it('send x-app-version, accept JSON and include credentials', async () => {
    const state = { users: [], polls: [], rankings: {}, chronic: [], publicGroups: [] }
    server.reply('/v1/stockgame/state', { body: state })
    await expect(api.call('state')).resolves.toEqual(state)
    expect(server.requests[0]?.headers['x-app-version']).toBe(version)
    expect(server.requests[0]?.headers.accept).toContain('application/json')
    expect(fetchCalls[0]?.init?.credentials).toBe('include')
  })

  it('go to the same origin when no base URL is given', async () => {
    const sameOrigin = createApiClient({
      appVersion: version,
      // the browser resolves a relative URL against the page; node needs the page's origin spelled out
      fetch: (input, init) => spyFetch(new URL(String(input), server.url), init),
    })
    server.reply('/v1/auth/logout', { status: 204 })
    await sameOrigin.call('logout')
    expect(fetchCalls.map((call) => new URL(call.url).pathname)).toEqual(['/v1/auth/logout'])
  })

  it('encode path parameters, send the query and a JSON body', async () => {
    server.reply('/v1/users/a%20b%2Fc', {
      body: {
        ...{ id: 1, username: 'x', rank: 1, liveRank: 1, userBadges: [], createdAt: 1 },
        ...{ balance: 1, groups: [], votes: { total: 0, open: 0, won: 0 } },
        predictions: { total: 0, running: 0, correct: 0 },
      },
    })
    await api.call('user', { params: { user: 'a b/c' } })
    server.reply('/v1/users', { body: [] })
    await api.call('searchUsers', { query: { name: 'ann' } })
    server.reply('/v1/users/me/settings', { body: settings })
    await expect(
      api.call('patchSettings', { params: { user: 'me' }, body: { watchList: [1, 2] } }),
    ).resolves.toEqual(settings)
    const [user, search, patch] = server.requests
    expect(user?.path).toBe('/v1/users/a%20b%2Fc')
    expect(search?.query).toEqual({ name: 'ann' })
    expect(patch).toMatchObject({ method: 'PATCH', body: { watchList: [1, 2] } })
    expect(patch?.headers['content-type']).toContain('application/json')
  })

  it("take the activity stream's group winners and a poll the Bank won", async () => {
    const page = [
      {
        type: 'UserGroupWinners',
        timestamp: 5_000,
        data: {
          groupId: 1001,
          groupName: 'Night Owls',
          weekStart: 1_000,
          winners: [{ userId: 6, username: 'bob', rank: 1, points: 6 }],
        },
      },
      {
        type: 'Poll',
        timestamp: 4_000,
        data: {
          ...{ pollId: 3, titleId: 2494, event: 'settled', priceBase: 100 },
          ...{ startTime: 1_000, endTime: 2_000, evalTime: 4_000, evalPrice: 98, outcome: 'down' },
          ...{ bankWon: true, pot: 12.5 },
        },
      },
    ]
    server.reply('/v1/stockgame/activity', { body: page })
    await expect(api.call('activity', { query: { limit: 50 } })).resolves.toEqual(page)
  })

  it('resolve a 204 call with nothing', async () => {
    server.reply('/v1/auth/logout', { status: 204 })
    await expect(api.call('logout')).resolves.toBeUndefined()
  })

  it("send the state's last ETag and take a 304 as unchanged: the answer parsed before", async () => {
    const state = { users: [], polls: [], rankings: {}, chronic: [], publicGroups: [] }
    const fresh = { ...state, rankings: { 1000: { this_week: [], last_week: [], all_time: [] } } }
    const conditional = createApiClient({ baseUrl: server.url, appVersion: version })
    server.reply(
      '/v1/stockgame/state',
      { body: state, headers: { etag: 'W/"one"' } },
      { status: 304, headers: { etag: 'W/"one"' } },
      { body: fresh, headers: { etag: 'W/"two"' } },
    )
    const first = await conditional.call('state')
    expect(first).toEqual(state)
    // nothing changed: the same object, so whoever compares knows
    await expect(conditional.call('state')).resolves.toBe(first)
    await expect(conditional.call('state')).resolves.toEqual(fresh)
    expect(requestsTo('/v1/stockgame/state').map((request) => request.headers['if-none-match'])).toEqual([
      undefined,
      'W/"one"',
      'W/"one"',
    ])
  })

  it('send no If-None-Match on other reads', async () => {
    server.reply('/v1/stockgame/universe', { body: [], headers: { etag: 'W/"u"' } })
    await api.call('universe')
    await api.call('universe')
    expect(requestsTo('/v1/stockgame/universe').map((request) => request.headers['if-none-match'])).toEqual([
      undefined,
      undefined,
    ])
  })
})

describe('retries', () => {
  it('retry a read twice on 5xx', async () => {
    server.reply('/v1/auth/info', internalError)
    const error = await failure(api.call('authInfo'))
    expect(error).toMatchObject({ status: 500, code: 'internal_error' })
    expect(requestsTo('/v1/auth/info')).toHaveLength(3)
  })

  it('stop retrying once an attempt succeeds', async () => {
    server.reply('/v1/users/me/settings', internalError, { body: settings })
    await expect(api.call('settings', { params: { user: 'me' } })).resolves.toEqual(settings)
    expect(requestsTo('/v1/users/me/settings')).toHaveLength(2)
  })

  it('retry tag and vote 3 times with one Idempotency-Key per call', async () => {
    const tagPath = '/v1/stockgame/tagged-messages/m1/tag'
    server.reply(tagPath, internalError)
    await failure(
      api.call('tag', {
        params: { messageId: 'm1' },
        body: { userId: 1, titleId: 2, messageId: 'm1', trend: 'Up' },
      }),
    )
    await failure(
      api.call('tag', {
        params: { messageId: 'm1' },
        body: { userId: 1, titleId: 2, messageId: 'm1', trend: 'Up' },
      }),
    )
    const keys = requestsTo(tagPath).map((request) => request.headers['idempotency-key'])
    expect(keys).toHaveLength(8)
    expect(new Set(keys.slice(0, 4)).size).toBe(1)
    expect(new Set(keys.slice(4)).size).toBe(1)
    expect(keys[0]).not.toBe(keys[4])
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)

    const votePath = '/v1/stockgame/polls/7/vote'
    server.reply(votePath, internalError, internalError, { body: results })
    await expect(api.call('vote', { params: { pollId: 7 }, body: bet })).resolves.toEqual(results)
    expect(new Set(requestsTo(votePath).map((request) => request.headers['idempotency-key'])).size).toBe(1)
    expect(requestsTo(votePath)).toHaveLength(3)
  })

  it('retry group leave and delete with one Idempotency-Key per call, the server replaying the first 204', async () => {
    for (const [name, path] of [
      ['leaveGroup', '/v1/stockgame/groups/3/leave'],
      ['deleteGroup', '/v1/stockgame/groups/3/delete'],
    ] as const) {
      server.reply(path, internalError, { status: 204 })
      await api.call(name, { params: { groupId: 3 } })
      await api.call(name, { params: { groupId: 3 } })
      const keys = requestsTo(path).map((request) => request.headers['idempotency-key'])
      expect(keys, name).toHaveLength(3)
      expect(keys[0], name).toMatch(/^[0-9a-f]{32}$/)
      expect(keys[1], name).toBe(keys[0])
      expect(keys[2], name).not.toBe(keys[0])
    }
  })

  it('keep a given Idempotency-Key (a retry by the server-error policy)', async () => {
    server.reply('/v1/stockgame/polls/7/vote', { body: results })
    await api.call('vote', { params: { pollId: 7 }, body: bet, idempotencyKey: 'policy-key' })
    expect(server.requests[0]?.headers['idempotency-key']).toBe('policy-key')
  })

  it('send no Idempotency-Key on other calls', async () => {
    server.reply('/v1/stockgame/groups/3/save', { body: {} })
    await api
      .call('saveGroup', { params: { groupId: 3 }, body: { group: { name: 'g', publicGroup: false } } })
      .catch(
        () => undefined, // the answer is no group: only the header matters here
      )
    expect(server.requests[0]?.headers['idempotency-key']).toBeUndefined()
  })

  it('retry settings patch and group writes 3 times on 5xx, POST or GET', async () => {
    server.reply('/v1/users/me/settings', internalError)
    await failure(api.call('patchSettings', { params: { user: 'me' }, body: {} }))
    expect(requestsTo('/v1/users/me/settings')).toHaveLength(4)
    for (const [name, path] of [
      ['saveGroup', '/v1/stockgame/groups/3/save'],
      ['setGroupMembers', '/v1/stockgame/groups/3/members/set'],
      ['updateGroupMembers', '/v1/stockgame/groups/3/members/update'],
      ['leaveGroup', '/v1/stockgame/groups/3/leave'],
      ['deleteGroup', '/v1/stockgame/groups/3/delete'],
    ] as const) {
      server.reply(path, internalError)
      await failure(api.call(name, { params: { groupId: 3 }, body: {} } as never))
      expect(requestsTo(path), name).toHaveLength(4)
    }
    server.reply('/v1/session', internalError)
    await failure(api.call('switchGroup', { body: { activeGroupId: 3 } }))
    expect(requestsTo('/v1/session')).toHaveLength(4)
  })

  it('never retry any other POST on 5xx', async () => {
    server.reply('/v1/auth/signin', internalError)
    await failure(api.call('signIn', { body: { login: 'ann', password: 'secret secret' } }))
    server.reply('/v1/auth/logout', { status: 502, body: 'Bad Gateway' })
    await failure(api.call('logout'))
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/auth/signin', '/v1/auth/logout'])
  })

  it('retry network errors on every call, 3 times by default', async () => {
    server.reply('/v1/auth/signin', { destroy: true })
    const error = await failure(api.call('signIn', { body: { login: 'ann', password: 'secret secret' } }))
    expect(error).toMatchObject({ status: 0, code: 'network_error' })
    expect(requestsTo('/v1/auth/signin')).toHaveLength(4)
    server.reply('/v1/stockgame/universe', { destroy: true })
    await failure(api.call('universe'))
    expect(requestsTo('/v1/stockgame/universe')).toHaveLength(3)
  })

  it('leave a 5xx to the server-error policy, still retrying what gets no answer', async () => {
    const votePath = '/v1/stockgame/polls/7/vote'
    server.reply(votePath, { status: 503, body: 'Service Unavailable' })
    const error = await failure(
      api.call('vote', { params: { pollId: 7 }, body: bet, passServerErrors: true }),
    )
    expect(error).toMatchObject({ status: 503 })
    expect(requestsTo(votePath)).toHaveLength(1)

    server.reply('/v1/stockgame/polls', { destroy: true })
    await failure(api.call('polls', { passServerErrors: true }))
    expect(requestsTo('/v1/stockgame/polls')).toHaveLength(3)
    server.reply('/v1/stockgame/untagged-messages', { body: [], delayMs: slowAnswerMs })
    await failure(api.call('untaggedMessages', { timeoutMs: attemptTimeoutMs, passServerErrors: true }))
    expect(requestsTo('/v1/stockgame/untagged-messages')).toHaveLength(3)
  })

  it('never retry a 4xx', async () => {
    server.reply('/v1/users/nobody', {
      status: 404,
      body: { error: { code: 'not_found', message: 'User not found.' } },
    })
    await failure(api.call('user', { params: { user: 'nobody' } }))
    expect(server.requests).toHaveLength(1)
  })

  it('stop retrying when the caller aborts', async () => {
    server.reply('/v1/stockgame/state', { ...internalError, delayMs: 50 })
    const controller = new AbortController()
    const call = api.call('state', { signal: controller.signal })
    setTimeout(() => controller.abort(new Error('left the page')), 20)
    await expect(call).rejects.toThrow('left the page')
    expect(server.requests).toHaveLength(1)
  })
})

describe('timeouts', () => {
  it('give up an untagged-messages attempt after its timeout and retry it twice', async () => {
    server.reply('/v1/stockgame/untagged-messages', { body: [], delayMs: slowAnswerMs })
    const error = await failure(api.call('untaggedMessages', { timeoutMs: attemptTimeoutMs }))
    expect(error).toMatchObject({ status: 0, code: 'timeout' })
    expect(server.requests).toHaveLength(3)
  })

  it('do not repeat a timed-out POST that is not safe to repeat', async () => {
    server.reply('/v1/auth/signin', { body: {}, delayMs: slowAnswerMs })
    await failure(
      api.call('signIn', { body: { login: 'ann', password: 'secret secret' }, timeoutMs: attemptTimeoutMs }),
    )
    expect(server.requests).toHaveLength(1)
  })
})

describe('errors', () => {
  it("carry the server's code, message and fields", async () => {
    const body = {
      error: {
        code: 'validation_failed',
        message: 'Please enter a valid email address',
        fields: { email: 'Please enter a valid email address' },
      },
    }
    server.reply('/v1/auth/signup', { status: 400, body })
    const error = await failure(api.call('signUp', { body: {} as never }))
    expect(error.toJSON()).toEqual({ status: 400, ...body.error })
    expect(error.message).toBe('Please enter a valid email address')
  })

  it('name answers without the error body by their status', async () => {
    server.reply('/v1/auth/logout', { status: 502, body: 'Bad Gateway' })
    expect((await failure(api.call('logout'))).toJSON()).toEqual({
      status: 502,
      code: 'http_502',
      message: 'Oops! Something went wrong',
    })
  })

  it('give status 0 when the server cannot be reached', async () => {
    const closed = await startRecordingServer()
    const url = closed.url
    await closed.close()
    const unreachable = createApiClient({ baseUrl: url, appVersion: version })
    expect(await failure(unreachable.call('authInfo'))).toMatchObject({ status: 0, code: 'network_error' })
  })

  it('refuse an answer of the wrong shape, without retrying', async () => {
    server.reply('/v1/auth/info', { body: { id: 'not a user' } })
    expect(await failure(api.call('authInfo'))).toMatchObject({ status: 200, code: 'invalid_response' })
    expect(server.requests).toHaveLength(1)
  })
})
