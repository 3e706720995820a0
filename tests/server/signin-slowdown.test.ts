import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { nextLinkTo, queryOf } from '../support/mail-links'
import { startTestServer, type TestServer } from '../support/test-server'

interface ErrorBody {
  error: { code: string; message: string }
}

/** Failed sign-ins slow the account down (independent of the per-IP limits, which are off here). */
describe.each(dialects)('per-account sign-in slow-down on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(() => server.stop())

  const signIn = (login: string, password: string) =>
    new HttpClient(server.url).post<ErrorBody>('/v1/auth/signin', { login, password })

  async function failFiveTimes(login: string): Promise<void> {
    for (let i = 0; i < 5; i++) expect((await signIn(login, 'wrong password!')).status).toBe(401)
  }

  it('refuses even the right password for a while after five failures, then lets it in', async () => {
    const player = await signUpPlayer(server)
    const bystander = await signUpPlayer(server)
    await failFiveTimes(player.username)

    const throttled = await signIn(player.username, player.password)
    expect(throttled.status).toBe(429)
    expect(throttled.headers.get('retry-after')).toBe('1')
    expect(throttled.body.error.code).toBe('sign_in_throttled')
    expect(throttled.body.error.message).toMatch(/try again in 1 seconds?/)

    // another account is not affected, neither for a right nor a wrong password
    expect((await signIn(bystander.username, 'wrong password!')).status).toBe(401)
    expect((await signIn(bystander.username, bystander.password)).status).toBe(200)

    server.clock.advance(1000)
    expect((await signIn(player.username, player.password)).status).toBe(200)
    // success clears the count: five more failures are answered 401 again
    await failFiveTimes(player.username)
  })

  it('doubles the delay with every further failure', async () => {
    const player = await signUpPlayer(server)
    await failFiveTimes(player.username)
    server.clock.advance(1000)
    expect((await signIn(player.username, 'wrong password!')).status).toBe(401)
    const second = await signIn(player.username, player.password)
    expect(second.status).toBe(429)
    expect(second.headers.get('retry-after')).toBe('2')
    server.clock.advance(1000)
    const third = await signIn(player.username, player.password)
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toBe('1')
    server.clock.advance(1000)
    expect((await signIn(player.username, player.password)).status).toBe(200)
  })

  it('counts per account, whichever of its names or letter cases is typed', async () => {
    const player = await signUpPlayer(server)
    const logins = [
      player.username,
      player.email,
      player.username.toUpperCase(),
      player.email.toUpperCase(),
      player.username,
    ]
    for (const login of logins) expect((await signIn(login, 'wrong password!')).status).toBe(401)
    expect((await signIn(player.email, player.password)).status).toBe(429)
    expect((await signIn(player.username, player.password)).status).toBe(429)
  })

  it('slows guessing at logins without an account the same way', async () => {
    await failFiveTimes('ghost_account')
    const answer = await signIn('ghost_account', 'wrong password!')
    expect(answer.status).toBe(429)
    expect(answer.headers.get('retry-after')).toBe('1')
  })

  it('a password reset lifts the slow-down', async () => {
    const player = await signUpPlayer(server)
    await failFiveTimes(player.email)
    expect((await signIn(player.email, player.password)).status).toBe(429)
    const guest = new HttpClient(server.url)
    await guest.post('/v1/auth/password-reset/request', { email: player.email })
    const link = await nextLinkTo(server.mailer, player.email, '/account/reset-password')
    const password = 'freshly chosen password'
    expect((await guest.post('/v1/auth/password-reset', { ...queryOf(link), password })).status).toBe(204)
    expect((await signIn(player.email, password)).status).toBe(200)
  })
})
