import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authLimits } from '../../server/http/rate-limits'
import type { ApiErrorBody } from '../../src/api/errors'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { type Answer, HttpClient } from '../support/http-client'
import { RowWatch, startRateLimitedServer, windowSeconds } from '../support/security'
import type { TestServer } from '../support/test-server'

const wrongPassword = 'not the password at all'
/** Sign-in's answer once a rate limit is spent (security-rate-limits.test.ts), to the letter. */
function expectLimited(answer: Answer | undefined, windowSeconds: number): void {
  expect(answer?.status).toBe(429)
  expect(answer?.body).toEqual({
    error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
  })
  const retryAfter = Number(answer?.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds)
}

let addressCounter = 0
/** An address of its own (X-Forwarded-For, trusted with TRUST_PROXY=1), so only the limit under test bites. */
const newAddress = () => `198.51.100.${++addressCounter % 250}`

/**
 * DELETE /v1/users/me checks the password, so it is throttled as sign-in is: the per-account slow-down
 * after five failures, counted together with sign-in's (one count per account, wherever the password was
 * wrong), and sign-in's rate limits per address and per account, read from server/http/rate-limits.ts.
 * Sign-in alone: signin-slowdown.test.ts and security-rate-limits.test.ts.
 */
describe.each(dialects)('DELETE /v1/users/me throttled as sign-in on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startRateLimitedServer(dialect)
  })
  afterAll(() => server.stop())

  const deleteAccount = (player: SignedUp, password: string, address = newAddress()) =>
    player.client.delete<ApiErrorBody>(
      '/v1/users/me',
      { password },
      { headers: { 'x-forwarded-for': address } },
    )
  const signIn = (login: string, password: string, address = newAddress()) =>
    new HttpClient(server.url).post<ApiErrorBody>(
      '/v1/auth/signin',
      { login, password },
      { headers: { 'x-forwarded-for': address } },
    )
  const exists = async (player: SignedUp) => (await player.client.get('/v1/auth/info')).status === 200

  async function failFiveTimes(player: SignedUp): Promise<void> {
    for (let i = 0; i < 5; i++) {
      const answer = await deleteAccount(player, wrongPassword)
      expect(answer.status).toBe(403)
      expect(answer.body.error.code).toBe('confirmation_failed')
    }
  }

  /** The answer and Retry-After are sign-in's, to the letter. */
  function expectSameAnswer(deletion: Answer<ApiErrorBody>, signInAnswer: Answer<ApiErrorBody>) {
    expect(deletion.status).toBe(429)
    expect(signInAnswer.status).toBe(429)
    expect(deletion.body).toEqual(signInAnswer.body)
    expect(deletion.headers.get('retry-after')).toBe(signInAnswer.headers.get('retry-after'))
  }

  it('refuses even the right password with 429 after five wrong ones, as sign-in does, then deletes', async () => {
    const player = await signUpPlayer(server)
    await failFiveTimes(player)
    const throttled = await deleteAccount(player, player.password)
    expectSameAnswer(throttled, await signIn(player.username, player.password))
    expect(throttled.body).toEqual({
      error: {
        code: 'sign_in_throttled',
        message: 'Too many failed sign-ins. Please try again in 1 seconds.',
      },
    })
    expect(throttled.headers.get('retry-after')).toBe('1')
    expect(await exists(player)).toBe(true)

    server.clock.advance(1000)
    expect((await deleteAccount(player, player.password)).status).toBe(204)
  })

  it('counts wrong passwords at sign-in and at deletion together, per account', async () => {
    const player = await signUpPlayer(server)
    for (const login of [player.email, player.username, player.email])
      expect((await signIn(login, wrongPassword)).status).toBe(401)
    for (let i = 0; i < 2; i++) expect((await deleteAccount(player, wrongPassword)).status).toBe(403)
    expect((await deleteAccount(player, player.password)).body.error.code).toBe('sign_in_throttled')
    expect((await signIn(player.email, player.password)).body.error.code).toBe('sign_in_throttled')

    // a right password clears the count for both
    server.clock.advance(1000)
    expect((await signIn(player.email, player.password)).status).toBe(200)
    expect((await deleteAccount(player, wrongPassword)).status).toBe(403)
    expect(await exists(player)).toBe(true)
  })

  it("per account: refused with sign-in's 429 and Retry-After after its budget, from any address", async () => {
    const player = await signUpPlayer(server)
    const limit = authLimits.signIn.account
    for (let i = 0; i < limit.max; i++)
      expect((await deleteAccount(player, wrongPassword)).status, `guess ${i + 1}`).not.toBe(204)
    const watch = await RowWatch.of(server, dialect)
    const [limited] = await watch.expectRefused('right password', () =>
      deleteAccount(player, player.password),
    )
    expectLimited(limited, windowSeconds(limit.timeWindow))
    expect(await exists(player)).toBe(true)
  })

  it("per address: refused with sign-in's 429 after its budget, whichever account; another address goes on", async () => {
    const limit = authLimits.signIn.ip
    const address = newAddress()
    // each guesser stays within the budget of its account; together they spend the address's
    const perGuesser = authLimits.signIn.account.max
    const guessers = Math.ceil(limit.max / perGuesser)
    for (let g = 0; g < guessers; g++) {
      const guesser = await signUpPlayer(server)
      for (let i = 0; i < Math.min(perGuesser, limit.max - g * perGuesser); i++)
        expect((await deleteAccount(guesser, wrongPassword, address)).status).not.toBe(204)
    }
    const player = await signUpPlayer(server)
    const watch = await RowWatch.of(server, dialect)
    const [limited] = await watch.expectRefused('right password', () =>
      deleteAccount(player, player.password, address),
    )
    expectLimited(limited, windowSeconds(limit.timeWindow))
    expect(await exists(player)).toBe(true)
    const elsewhere = await deleteAccount(player, wrongPassword)
    expect(elsewhere.status).toBe(403)
  })
})
