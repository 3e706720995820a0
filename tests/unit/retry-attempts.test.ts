import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createActor, SimulatedClock, waitFor } from 'xstate'
import { type ApiRequest, provideServerErrorPolicy } from '~/actors'
import { type ApiClient, createApiClient } from '~/api/client'
import { serverErrorMachine } from '~/machines/server-error.machine'
import { fakeNavigator, fakeNotifier } from '../support/client-fixtures'
import { type RecordingServer, startRecordingServer } from '../support/recording-server'

/**
 * How many requests one logical call makes, through the real client and the real server-error policy,
 * when the server keeps failing (spec §7 "Retry behaviour", §8 "Server errors", §9 "Retries"). Each
 * failure kind is retried by one layer only, so the counts add up instead of multiplying.
 */

/** The spec's numbers, written out. */
const spec = {
  /** §8: a 5xx answer is retried up to 4 times, whatever the call */
  serverErrorAttempts: 1 + 4,
  /** §7, §9: no answer at all is retried at once, 2 times for a read */
  readNetworkAttempts: 1 + 2,
  /** §7, §9: 3 times for tag, vote, settings patch and group writes */
  writeNetworkAttempts: 1 + 3,
  /** §8: the waits before the policy's retries, 2^n seconds */
  waitsMs: [2000, 4000, 8000, 16_000],
}

const bet = { pollId: 7, userId: 1, vote: 'up', ttcBet: 5 } as const
const tagged = { userId: 1, titleId: 2, messageId: 'm1', trend: 'Up' } as const

/** A request of the policy, each checked against its own call's arguments. */
type AnyRequest = Pick<ApiRequest, 'call'> & { readonly args?: object }

/** One call of each kind: a read, a write that is safe to repeat, and writes that need their key. */
const calls: readonly { readonly kind: string; readonly path: string; readonly request: AnyRequest }[] = [
  {
    kind: 'a read (GET polls)',
    path: '/v1/stockgame/polls',
    request: { call: 'polls' } satisfies ApiRequest<'polls'>,
  },
  {
    kind: 'an idempotent write (PATCH session)',
    path: '/v1/session',
    request: {
      call: 'switchGroup',
      args: { body: { activeGroupId: 3 } },
    } satisfies ApiRequest<'switchGroup'>,
  },
  {
    kind: 'a vote (POST, replayed by its Idempotency-Key)',
    path: '/v1/stockgame/polls/7/vote',
    request: {
      call: 'vote',
      args: { params: { pollId: 7 }, body: bet, idempotencyKey: 'vote-key' },
    } satisfies ApiRequest<'vote'>,
  },
  {
    kind: 'a tag (POST, replayed by its Idempotency-Key)',
    path: '/v1/stockgame/tagged-messages/m1/tag',
    request: {
      call: 'tag',
      args: { params: { messageId: 'm1' }, body: tagged, idempotencyKey: 'tag-key' },
    } satisfies ApiRequest<'tag'>,
  },
]

let server: RecordingServer
let api: ApiClient

beforeAll(async () => {
  server = await startRecordingServer()
  api = createApiClient({ baseUrl: server.url, appVersion: 'test' })
})
afterAll(() => server.close())
beforeEach(() => server.reset())

/**
 * Runs `request` under the policy to its end on simulated time: whenever the policy waits, the clock
 * moves on by the next 2^n s of the spec (a policy waiting longer would never call again).
 */
async function runUnderPolicy(request: AnyRequest) {
  const policy = provideServerErrorPolicy(serverErrorMachine, {
    api,
    navigate: fakeNavigator().navigator,
    notify: fakeNotifier().notifier,
  })
  const clock = new SimulatedClock()
  const actor = createActor(policy, { input: { request }, clock }).start()
  const waitsMs: number[] = []
  const stopped = () =>
    waitFor(actor, (snapshot) => snapshot.status === 'done' || snapshot.matches('waiting'))
  let snapshot = await stopped()
  while (snapshot.status !== 'done') {
    const waitMs = 2 ** (waitsMs.length + 1) * 1000
    waitsMs.push(waitMs)
    clock.increment(waitMs)
    snapshot = await stopped()
  }
  return { outcome: snapshot.output, waitsMs }
}

const requestsTo = (path: string) => server.requests.filter((request) => request.path === path).length

describe('one call on a server that always answers 503', () => {
  for (const { kind, path, request } of calls) {
    it(`${kind}: 1 + 4 attempts, the policy's 2^n s retries alone`, async () => {
      server.reply(path, { status: 503, body: 'Service Unavailable' })
      const { outcome, waitsMs } = await runUnderPolicy(request)
      expect(outcome).toMatchObject({ ok: false, error: { status: 503 } })
      expect(waitsMs).toEqual(spec.waitsMs)
      expect(requestsTo(path)).toBe(spec.serverErrorAttempts)
    })
  }
})

describe('one call on a server that drops every connection', () => {
  for (const { kind, path, request } of calls) {
    const attempts = request.call === 'polls' ? spec.readNetworkAttempts : spec.writeNetworkAttempts
    it(`${kind}: 1 + ${attempts - 1} attempts at once, the client's retries alone`, async () => {
      server.reply(path, { destroy: true })
      const { outcome, waitsMs } = await runUnderPolicy(request)
      expect(outcome).toMatchObject({ ok: false, error: { status: 0, code: 'network_error' } })
      expect(waitsMs).toEqual([])
      expect(requestsTo(path)).toBe(attempts)
    })
  }
})
