import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256 } from '../../server/auth/tokens'
import type { AuthUser } from '../../src/api/users'
import { signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { sessionCountOf } from '../support/db-snapshot'
import { HttpClient } from '../support/http-client'
import { nextLinkTo, queryOf } from '../support/mail-links'
import { startTestServer, type TestServer } from '../support/test-server'

const day = 24 * 3600_000

describe.each(dialects)('sign-in and sessions on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(() => server.stop())

  async function signIn(login: string, password: string) {
    const client = new HttpClient(server.url)
    const answer = await client.post<AuthUser>('/v1/auth/signin', { login, password })
    return { client, answer }
  }

  it('signs in by e-mail or username, in any case and with surrounding spaces', async () => {
    const player = await signUpPlayer(server)
    for (const login of [
      player.email,
      player.email.toUpperCase(),
      player.username,
      player.username.toUpperCase(),
      `  ${player.username} `,
    ]) {
      const { client, answer } = await signIn(login, player.password)
      expect(answer.status, login).toBe(200)
      expect(answer.body.id).toBe(player.user.id)
      expect((await client.get<AuthUser>('/v1/auth/info')).body.id).toBe(player.user.id)
    }
  })

  it('refuses a wrong password and an unknown login alike, without a cookie', async () => {
    const player = await signUpPlayer(server)
    const wrong = await signIn(player.username, `${player.password}x`)
    const unknown = await signIn('nobody_here', player.password)
    const unknownMail = await signIn('nobody@example.test', player.password)
    for (const { answer, client } of [wrong, unknown, unknownMail]) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({
        error: { code: 'invalid_credentials', message: 'Wrong username, e-mail or password.' },
      })
      expect(client.cookies.size).toBe(0)
      expect((await client.get('/v1/auth/info')).status).toBe(401)
    }
    // the password is compared exactly: no trimming, no case folding
    expect((await signIn(player.username, player.password.toUpperCase())).answer.status).toBe(401)
    expect((await signIn(player.username, ` ${player.password}`)).answer.status).toBe(401)
  })

  it('issues a new 128-bit session token on every sign-in, stored only as a hash', async () => {
    const player = await signUpPlayer(server)
    const first = await signIn(player.username, player.password)
    const second = await signIn(player.username, player.password)
    const tokens = [player.client, first.client, second.client].map((c) => c.cookies.get('alpha_session'))
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(new Set(tokens).size).toBe(3)
    expect(first.answer.body.websocketCredentials).not.toBe(second.answer.body.websocketCredentials)
    for (const client of [player.client, first.client, second.client]) {
      expect((await client.get('/v1/auth/info')).status).toBe(200)
    }
    expect(await sessionCountOf(server, player.user.id)).toBe(3)
    const rows = await server.ctx.db
      .selectFrom('sessions')
      .select(['idHash', 'websocketHash'])
      .where('userId', '=', player.user.id)
      .execute()
    const stored = rows.flatMap((r) => [r.idHash, r.websocketHash])
    for (const token of tokens) {
      expect(stored).not.toContain(token)
      expect(stored).toContain(sha256(token ?? ''))
    }
    expect(stored).not.toContain(first.answer.body.websocketCredentials)
  })

  it('sets the session cookie HttpOnly, SameSite=Lax, path /, for 30 days, not Secure on http', async () => {
    const player = await signUpPlayer(server)
    const answer = await new HttpClient(server.url).post('/v1/auth/signin', {
      login: player.username,
      password: player.password,
    })
    const cookies = answer.headers.getSetCookie()
    expect(cookies).toHaveLength(1)
    const [cookie = ''] = cookies
    const attributes = cookie.split(';').map((a) => a.trim().toLowerCase())
    expect(attributes[0]).toMatch(/^alpha_session=[a-z0-9_-]{22}$/)
    expect(attributes).toContain('httponly')
    expect(attributes).toContain('samesite=lax')
    expect(attributes).toContain('path=/')
    expect(attributes).toContain(`max-age=${30 * 24 * 3600}`)
    expect(attributes).not.toContain('secure')
    expect(attributes.some((a) => a.startsWith('domain='))).toBe(false)
  })

  it('logout ends only the session it is sent with and clears its cookie', async () => {
    const player = await signUpPlayer(server)
    const other = await signIn(player.username, player.password)
    const token = player.client.cookies.get('alpha_session') ?? ''
    const logout = await player.client.post('/v1/auth/logout')
    expect(logout.status).toBe(204)
    expect(logout.headers.getSetCookie().join()).toMatch(
      /alpha_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i,
    )
    expect(player.client.cookies.has('alpha_session')).toBe(false)
    expect((await player.client.get('/v1/auth/info')).status).toBe(401)
    // the old token replayed by somebody who kept it
    const replay = new HttpClient(server.url)
    replay.cookies.set('alpha_session', token)
    expect((await replay.get('/v1/auth/info')).status).toBe(401)
    // the other browser is still signed in
    expect((await other.client.get('/v1/auth/info')).status).toBe(200)
    expect(await sessionCountOf(server, player.user.id)).toBe(1)
  })

  it('logout without a session is harmless', async () => {
    const guest = new HttpClient(server.url)
    expect((await guest.post('/v1/auth/logout')).status).toBe(204)
    guest.cookies.set('alpha_session', 'AAAAAAAAAAAAAAAAAAAAAA')
    expect((await guest.post('/v1/auth/logout')).status).toBe(204)
  })

  it('answers 401 with the error shape to guests and to made-up or over-long cookies', async () => {
    const guest = new HttpClient(server.url)
    const answer = await guest.get('/v1/auth/info')
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in first.' } })
    for (const fake of ['x', 'AAAAAAAAAAAAAAAAAAAAAA', 'A'.repeat(5000)]) {
      const client = new HttpClient(server.url)
      client.cookies.set('alpha_session', fake)
      expect((await client.get('/v1/auth/info')).status).toBe(401)
    }
  })

  it('keeps a used session alive and ends one idle for more than 30 days', async () => {
    const player = await signUpPlayer(server)
    const idle = await signIn(player.username, player.password)
    // activity keeps the first session: 29 days, a request, 29 more days
    server.clock.advance(29 * day)
    expect((await player.client.get('/v1/auth/info')).status).toBe(200)
    server.clock.advance(29 * day)
    expect((await player.client.get('/v1/auth/info')).status).toBe(200)
    // the second browser has been idle 58 days
    expect((await idle.client.get('/v1/auth/info')).status).toBe(401)
    // 30 days and 1 ms after the last request
    server.clock.advance(30 * day + 1)
    expect((await player.client.get('/v1/auth/info')).status).toBe(401)
    expect(await sessionCountOf(server, player.user.id)).toBe(0)
    // signing in again works
    expect((await signIn(player.username, player.password)).answer.status).toBe(200)
  })

  it('ends every session of the account on a password reset', async () => {
    const player = await signUpPlayer(server)
    const phone = await signIn(player.email, player.password)
    const tablet = await signIn(player.username, player.password)
    const bystander = await signUpPlayer(server)
    expect(await sessionCountOf(server, player.user.id)).toBe(3)

    const guest = new HttpClient(server.url)
    expect((await guest.post('/v1/auth/password-reset/request', { email: player.email })).status).toBe(202)
    const query = queryOf(await nextLinkTo(server.mailer, player.email, '/account/reset-password'))
    const reset = await tablet.client.post('/v1/auth/password-reset', {
      ...query,
      password: 'my completely new password',
    })
    expect(reset.status).toBe(204)
    for (const client of [player.client, phone.client, tablet.client]) {
      expect((await client.get('/v1/auth/info')).status).toBe(401)
    }
    expect(await sessionCountOf(server, player.user.id)).toBe(0)
    expect((await bystander.client.get('/v1/auth/info')).status).toBe(200)
  })
})
