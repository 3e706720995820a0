import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authLimits } from '../../server/http/rate-limits'
import { newInvitationCode, signUpPlayer, uniqueName } from '../support/accounts'
import { dialects } from '../support/databases'
import { tableCounts } from '../support/db-snapshot'
import { HttpClient } from '../support/http-client'
import { startRateLimitedServer } from '../support/security'
import { startTestServer, type TestServer } from '../support/test-server'

interface ErrorBody {
  error: { code: string; message: string }
}

let ipCounter = 0
/** A client that the server sees at its own address (X-Forwarded-For, trusted with TRUST_PROXY=1). */
function clientAt(server: TestServer, ip = `198.51.100.${++ipCounter}`) {
  const client = new HttpClient(server.url)
  const options = { headers: { 'x-forwarded-for': ip } }
  return {
    ip,
    post: <T = ErrorBody>(path: string, body: unknown) => client.post<T>(path, body, options),
  }
}

function expectRateLimited(answer: { status: number; headers: Headers; body: unknown }): void {
  expect(answer.status).toBe(429)
  expect(answer.body).toEqual({
    error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
  })
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
}

/** ALPHA_RATE_LIMITS=1 turns on the per-IP and per-account limits of sign-in, sign-up and reset. */
describe.each(dialects)('rate limits of the auth routes on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startRateLimitedServer(dialect)
  })
  afterAll(() => server.stop())

  it('sign-in: the 21st request from one address within a minute is refused, other addresses go on', async () => {
    expect(authLimits.signIn.ip).toEqual({ max: 20, timeWindow: '1 minute' })
    const attacker = clientAt(server)
    for (let i = 0; i < 20; i++) {
      const answer = await attacker.post('/v1/auth/signin', {
        login: `guess${i}`,
        password: 'password guess',
      })
      expect(answer.status).toBe(401)
    }
    const blocked = await attacker.post('/v1/auth/signin', { login: 'guess21', password: 'password guess' })
    expectRateLimited(blocked)
    const player = await signUpPlayer(server)
    const right = await attacker.post('/v1/auth/signin', {
      login: player.username,
      password: player.password,
    })
    expect(right.status).toBe(429)
    // somebody else is not affected
    const other = await clientAt(server).post('/v1/auth/signin', {
      login: player.username,
      password: player.password,
    })
    expect(other.status).toBe(200)
  })

  it('sign-in: the 11th request for one login is refused from any address, another login goes on', async () => {
    expect(authLimits.signIn.account).toEqual({ max: 10, timeWindow: '15 minutes' })
    const player = await signUpPlayer(server)
    // right passwords from ten addresses (so the per-account slow-down plays no part), any letter case
    for (let i = 0; i < 10; i++) {
      const login = i % 2 ? player.username.toUpperCase() : player.username
      const answer = await clientAt(server).post('/v1/auth/signin', { login, password: player.password })
      expect(answer.status).toBe(200)
    }
    const eleventh = await clientAt(server).post('/v1/auth/signin', {
      login: player.username,
      password: player.password,
    })
    expectRateLimited(eleventh)
    const otherLogin = await clientAt(server).post('/v1/auth/signin', {
      login: 'someone_else',
      password: 'password guess',
    })
    expect(otherLogin.status).toBe(401)
  })

  it('sign-up: limited per e-mail address and per client address, without creating anything', async () => {
    expect(authLimits.signUp).toEqual({
      ip: { max: 10, timeWindow: '1 hour' },
      account: { max: 5, timeWindow: '1 hour' },
    })
    const email = `${uniqueName('limit')}@example.test`
    const body = async (overrides: Record<string, unknown> = {}) => ({
      invitationCode: await newInvitationCode(server),
      email,
      username: uniqueName('lim'),
      password: 'long enough password',
      acceptTerms: true,
      ...overrides,
    })
    // five tries for one e-mail from five addresses: one account, four refusals as taken
    const statuses: number[] = []
    for (let i = 0; i < 5; i++)
      statuses.push((await clientAt(server).post('/v1/auth/signup', await body())).status)
    expect(statuses).toEqual([201, 409, 409, 409, 409])
    const before = await tableCounts(server)
    expectRateLimited(
      await clientAt(server).post('/v1/auth/signup', await body({ email: email.toUpperCase() })),
    )

    // ten from one address (unknown codes of the right form), then the eleventh is refused
    const spammer = clientAt(server)
    for (let i = 0; i < 10; i++) {
      const answer = await spammer.post('/v1/auth/signup', {
        ...(await body()),
        email: `${uniqueName('spam')}@example.test`,
        invitationCode: '0'.repeat(24),
      })
      expect(answer.status).toBe(400)
    }
    const valid = await body({ email: `${uniqueName('spam')}@example.test` })
    expectRateLimited(await spammer.post('/v1/auth/signup', valid))
    const after = await tableCounts(server)
    expect({ ...after, invitationCodes: 0 }).toEqual({ ...before, invitationCodes: 0 })
    // the same body from another address goes through
    expect((await clientAt(server).post('/v1/auth/signup', valid)).status).toBe(201)
  })

  it('reset request: limited per e-mail address and per client address', async () => {
    expect(authLimits.resetRequest).toEqual({
      ip: { max: 5, timeWindow: '15 minutes' },
      account: { max: 3, timeWindow: '1 hour' },
    })
    const player = await signUpPlayer(server)
    for (let i = 0; i < 3; i++) {
      const answer = await clientAt(server).post('/v1/auth/password-reset/request', { email: player.email })
      expect(answer.status).toBe(202)
    }
    const mailsBefore = server.mailer.sent.filter((m) => m.to === player.email).length
    expectRateLimited(
      await clientAt(server).post('/v1/auth/password-reset/request', { email: player.email.toUpperCase() }),
    )
    expect(server.mailer.sent.filter((m) => m.to === player.email)).toHaveLength(mailsBefore)

    const scanner = clientAt(server)
    for (let i = 0; i < 5; i++) {
      const answer = await scanner.post('/v1/auth/password-reset/request', {
        email: `${uniqueName('scan')}@example.test`,
      })
      expect(answer.status).toBe(202)
    }
    expectRateLimited(
      await scanner.post('/v1/auth/password-reset/request', { email: `${uniqueName('scan')}@example.test` }),
    )
  })

  it('reset: limited per account, so link signatures cannot be guessed from many addresses', async () => {
    expect(authLimits.reset.account).toEqual({ max: 5, timeWindow: '15 minutes' })
    const player = await signUpPlayer(server)
    const guess = (i: number) => ({
      userId: player.user.id,
      validUntil: server.clock.now() + 60_000,
      sgn: `guessed-signature-${i}`,
      password: 'new password guess',
    })
    for (let i = 0; i < 5; i++) {
      const answer = await clientAt(server).post('/v1/auth/password-reset', guess(i))
      expect(answer.status).toBe(400)
      expect(answer.body.error.code).toBe('invalid_link')
    }
    expectRateLimited(await clientAt(server).post('/v1/auth/password-reset', guess(6)))
  })
})

describe.each(dialects)('without ALPHA_RATE_LIMITS (tests only) on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(() => server.stop())

  it('no request is refused for its rate', async () => {
    const client = new HttpClient(server.url)
    for (let i = 0; i < authLimits.signIn.ip.max + 5; i++) {
      const answer = await client.post('/v1/auth/signin', { login: `guess${i}`, password: 'password guess' })
      expect(answer.status).toBe(401)
    }
  })
})
