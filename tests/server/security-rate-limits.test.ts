import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authLimits } from '../../server/http/rate-limits'
import { clientErrorLimits } from '../../src/api/client-errors'
import { signUpPlayer, uniqueName } from '../support/accounts'
import { dialects } from '../support/databases'
import { tableCounts } from '../support/db-snapshot'
import { type Answer, HttpClient } from '../support/http-client'
import { startRateLimitedServer, windowSeconds } from '../support/security'
import type { TestServer } from '../support/test-server'

/**
 * Issue 7 item 4, rate limits (ALPHA_RATE_LIMITS=1, the default outside tests): every limited route
 * answers 429 with Retry-After once its budget per client address is spent, and the auth routes also
 * once the budget of the account the body names is spent, from whatever address. The budgets are read
 * from server/http/rate-limits.ts, so a change of a number keeps the test true. Per-account sign-in
 * slow-down after failures: signin-slowdown.test.ts; details per route: rate-limits.test.ts.
 */

let ipCounter = 0
/** A client the server sees at its own address (X-Forwarded-For, trusted with TRUST_PROXY=1). */
function clientAt(server: TestServer) {
  const client = new HttpClient(server.url)
  const headers = { 'x-forwarded-for': `203.0.113.${++ipCounter % 250}`, 'x-app-version': 'test' }
  return (method: string, path: string, body?: unknown) => client.request(method, path, body, { headers })
}

/** `n` requests at once (the budget is spent the same way, in a fraction of the time). */
const times = (n: number, request: (i: number) => Promise<Answer>) =>
  Promise.all(Array.from({ length: n }, (_, i) => request(i)))

function expectLimited(answer: Answer, label: string, windowSeconds: number): void {
  expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(429)
  expect(answer.body).toEqual({
    error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
  })
  const retryAfter = Number(answer.headers.get('retry-after'))
  expect(retryAfter, label).toBeGreaterThan(0)
  expect(retryAfter, label).toBeLessThanOrEqual(windowSeconds)
  expect(answer.headers.get('set-cookie'), label).toBeNull()
}

describe.each(dialects)('security: rate limits on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startRateLimitedServer(dialect)
  })
  afterAll(() => server.stop())

  /** A request of each limited auth route that passes validation, naming the account `account`. */
  const authRequests: Record<keyof typeof authLimits, { path: string; body: (account: string) => object }> = {
    signIn: { path: '/v1/auth/signin', body: (login) => ({ login, password: 'password guess' }) },
    signUp: {
      path: '/v1/auth/signup',
      body: (email) => ({
        invitationCode: '0'.repeat(24),
        email,
        username: uniqueName('lim'),
        password: 'long enough password',
        acceptTerms: true,
      }),
    },
    resetRequest: { path: '/v1/auth/password-reset/request', body: (email) => ({ email }) },
    reset: {
      path: '/v1/auth/password-reset',
      body: (userId) => ({
        userId: Number(userId),
        validUntil: server.clock.now() + 60_000,
        sgn: 'guessed-signature',
        password: 'new password guess',
      }),
    },
  }
  let accountCounter = 0
  const freshAccount = (name: keyof typeof authLimits) =>
    name === 'reset' ? String(100_000 + ++accountCounter) : `${uniqueName('acct')}@example.test`

  it('each auth route: one address is refused with 429 and Retry-After after its budget; another goes on', async () => {
    for (const [name, { path, body }] of Object.entries(authRequests) as [
      keyof typeof authLimits,
      (typeof authRequests)['signIn'],
    ][]) {
      const limit = authLimits[name].ip
      const from = clientAt(server)
      const within = await times(limit.max, () => from('POST', path, body(freshAccount(name))))
      expect(
        within.filter((a) => a.status === 429),
        name,
      ).toEqual([])
      expectLimited(
        await from('POST', path, body(freshAccount(name))),
        `${name} per address`,
        windowSeconds(limit.timeWindow),
      )
      expect((await clientAt(server)('POST', path, body(freshAccount(name)))).status).not.toBe(429)
    }
  })

  it('each auth route: one account is refused with 429 and Retry-After after its budget, from any address', async () => {
    for (const [name, { path, body }] of Object.entries(authRequests) as [
      keyof typeof authLimits,
      (typeof authRequests)['signIn'],
    ][]) {
      const limit = authLimits[name].account
      // sign-in: the right password, or the slow-down after five failures (429 too) would answer first
      const player = name === 'signIn' ? await signUpPlayer(server) : undefined
      const account = player?.username ?? freshAccount(name)
      const request = () => (player ? { login: account, password: player.password } : body(account))
      const within = await times(limit.max, () => clientAt(server)('POST', path, request()))
      expect(
        within.filter((a) => a.status === 429),
        name,
      ).toEqual([])
      expectLimited(
        await clientAt(server)('POST', path, request()),
        `${name} per account`,
        windowSeconds(limit.timeWindow),
      )
      expect((await clientAt(server)('POST', path, body(freshAccount(name)))).status).not.toBe(429)
    }
  })

  it('a limited sign-in with the right password creates no session', async () => {
    const player = await signUpPlayer(server)
    const from = clientAt(server)
    await times(authLimits.signIn.ip.max, (i) =>
      from('POST', '/v1/auth/signin', { login: `nobody${i}`, password: 'password guess' }),
    )
    const before = await tableCounts(server)
    expectLimited(
      await from('POST', '/v1/auth/signin', { login: player.username, password: player.password }),
      'right password',
      60,
    )
    expect(await tableCounts(server)).toEqual(before)
  })

  it('client error reports and social sign-in starts are limited per address too', async () => {
    const reporter = clientAt(server)
    const reports = await times(clientErrorLimits.perMinute, (i) =>
      reporter('POST', '/v1/client-errors', { message: `error ${i}` }),
    )
    expect(reports.map((a) => a.status)).toEqual(reports.map(() => 204))
    expectLimited(
      await reporter('POST', '/v1/client-errors', { message: 'one too many' }),
      'client errors',
      60,
    )

    const navigator = clientAt(server)
    const starts = await times(30, () => navigator('GET', '/v1/auth/oauth/google/start'))
    expect(starts.filter((a) => a.status === 429)).toEqual([])
    expectLimited(await navigator('GET', '/v1/auth/oauth/google/start'), 'oauth start', 60)
  })
})
