import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256 } from '../../server/auth/tokens'
import type { AuthUser } from '../../src/api/users'
import { newInvitationCode, type SignedUp, signUpPlayer, uniqueName } from '../support/accounts'
import { dialects } from '../support/databases'
import { sessionCountOf } from '../support/db-snapshot'
import { HttpClient } from '../support/http-client'
import { nextLinkTo, queryOf } from '../support/mail-links'
import { RowWatch } from '../support/security'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * Issue 7 item 4, sessions: no session fixation (a new token on every sign-in, and the session a browser
 * carried into a sign-in ends), logout and password reset end sessions, reset links work once and expire.
 * Sockets of ended sessions: security-socket.test.ts. More on cookies and idle timeout:
 * signin-sessions.test.ts; on signed links: email-links.test.ts.
 */

const cookieName = 'alpha_session'
const hour = 3600_000
const newPassword = 'a brand new password of mine'

describe.each(dialects)('security: sessions and password reset on %s', (dialect) => {
  let server: TestServer
  let rows: RowWatch
  beforeAll(async () => {
    server = await startTestServer(dialect)
    rows = await RowWatch.of(server, dialect)
  })
  afterAll(() => server.stop())

  /** A browser that holds `token` as its session cookie (planted by an attacker, or left over). */
  function browserWith(token: string): HttpClient {
    const client = new HttpClient(server.url)
    client.cookies.set(cookieName, token)
    return client
  }
  const tokenOf = (client: HttpClient) => client.cookies.get(cookieName) ?? ''
  const authenticates = async (token: string) =>
    (await browserWith(token).get('/v1/auth/info')).status === 200
  const signIn = (client: HttpClient, player: SignedUp, password = player.password) =>
    client.post<AuthUser>('/v1/auth/signin', { login: player.username, password })

  it('a made-up cookie planted before sign-in is replaced by a new token and never becomes a session', async () => {
    const victim = await signUpPlayer(server)
    const planted = 'AAAAAAAAAAAAAAAAAAAAAA'
    const browser = browserWith(planted)
    expect((await browser.get('/v1/auth/info')).status).toBe(401)
    expect((await signIn(browser, victim)).status).toBe(200)
    expect(tokenOf(browser)).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(tokenOf(browser)).not.toBe(planted)
    expect(await authenticates(planted)).toBe(false)
    const stored = await server.ctx.db.selectFrom('sessions').select('idHash').execute()
    expect(stored.map((s) => s.idHash)).not.toContain(sha256(planted))
  })

  it("a real session planted before sign-in (the attacker's own) ends at the victim's sign-in", async () => {
    const attacker = await signUpPlayer(server)
    const victim = await signUpPlayer(server)
    const planted = tokenOf(attacker.client)
    const browser = browserWith(planted)
    const answer = await signIn(browser, victim)
    expect(answer.status).toBe(200)
    expect(answer.body.id).toBe(victim.user.id)
    expect(tokenOf(browser)).not.toBe(planted)
    expect(await authenticates(planted)).toBe(false)
    expect((await browser.get<AuthUser>('/v1/auth/info')).body.id).toBe(victim.user.id)
    // the attacker's browser lost that session too, and signing up with a planted cookie is alike
    expect((await attacker.client.get('/v1/auth/info')).status).toBe(401)
    const other = await signUpPlayer(server)
    const plantedAgain = tokenOf(other.client)
    const signUp = await browserWith(plantedAgain).post('/v1/auth/signup', {
      invitationCode: await newInvitationCode(server),
      email: `${uniqueName('fix')}@example.test`,
      username: uniqueName('fix'),
      password: 'correct horse battery staple',
      acceptTerms: true,
    })
    expect(signUp.status).toBe(201)
    expect(await authenticates(plantedAgain)).toBe(false)
  })

  it('every sign-in issues a new token, also for the same player in the same browser', async () => {
    const player = await signUpPlayer(server)
    const tokens = [tokenOf(player.client)]
    for (let i = 0; i < 3; i++) {
      expect((await signIn(player.client, player)).status).toBe(200)
      tokens.push(tokenOf(player.client))
    }
    expect(new Set(tokens).size).toBe(4)
    // only the last one is alive
    expect(await Promise.all(tokens.map(authenticates))).toEqual([false, false, false, true])
    expect(await sessionCountOf(server, player.user.id)).toBe(1)
  })

  it('a failed sign-in keeps the session the browser has and sets no cookie', async () => {
    const player = await signUpPlayer(server)
    const before = tokenOf(player.client)
    const wrong = await signIn(player.client, player, 'not the right password')
    expect(wrong.status).toBe(401)
    expect(wrong.headers.getSetCookie()).toEqual([])
    expect(await authenticates(before)).toBe(true)
  })

  it('logout ends the session: the token replayed afterwards is refused', async () => {
    const player = await signUpPlayer(server)
    const token = tokenOf(player.client)
    expect((await player.client.post('/v1/auth/logout')).status).toBe(204)
    expect(player.client.cookies.has(cookieName)).toBe(false)
    expect(await authenticates(token)).toBe(false)
    expect(await sessionCountOf(server, player.user.id)).toBe(0)
  })

  async function resetLink(player: SignedUp): Promise<Record<string, string>> {
    const answer = await new HttpClient(server.url).post('/v1/auth/password-reset/request', {
      email: player.email,
    })
    expect(answer.status).toBe(202)
    return queryOf(await nextLinkTo(server.mailer, player.email, '/account/reset-password'))
  }
  const reset = (link: Record<string, string>, password = newPassword) =>
    new HttpClient(server.url).post('/v1/auth/password-reset', { ...link, password })

  it('a password reset ends every session of the account', async () => {
    const player = await signUpPlayer(server)
    const phone = new HttpClient(server.url)
    expect((await signIn(phone, player)).status).toBe(200)
    const tokens = [tokenOf(player.client), tokenOf(phone)]
    expect((await reset(await resetLink(player))).status).toBe(204)
    expect(await Promise.all(tokens.map(authenticates))).toEqual([false, false])
    expect(await sessionCountOf(server, player.user.id)).toBe(0)
    expect((await signIn(new HttpClient(server.url), player, newPassword)).status).toBe(200)
  })

  it('a reset link works once, and every other link issued before it dies with it', async () => {
    const player = await signUpPlayer(server)
    const first = await resetLink(player)
    const second = await resetLink(player)
    expect((await reset(first)).status).toBe(204)
    await rows.expectRefused(
      'used and sibling links',
      async () => [await reset(first, 'another new password'), await reset(second, 'another new password')],
      { status: 400, code: 'invalid_link' },
    )
    expect((await signIn(new HttpClient(server.url), player, newPassword)).status).toBe(200)
  })

  it('a reset link expires after an hour', async () => {
    const player = await signUpPlayer(server)
    const link = await resetLink(player)
    expect(Number(link.validUntil) - server.clock.now()).toBeLessThanOrEqual(hour)
    server.clock.advance(hour + 1)
    // the player's session is refreshed first: it is the only row a request may touch after the wait
    expect((await player.client.get('/v1/auth/info')).status).toBe(200)
    await rows.expectRefused('expired link', () => reset(link), { status: 400, code: 'invalid_link' })
    expect((await signIn(new HttpClient(server.url), player)).status).toBe(200)
  })
})
