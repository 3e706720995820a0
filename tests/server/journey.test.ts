import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authUserSchema } from '../../src/api/users'
import { defaultWatchList } from '../../src/domain/default-watch-list'
import { newInvitationCode, uniqueName } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { linkIn, listUnsubscribeUrl, queryOf } from '../support/mail-links'
import { rawHeader, type SmtpSink, startSmtpSink } from '../support/smtp-sink'
import { startTestServer, type TestServer } from '../support/test-server'

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf)
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)])
  return []
}

describe.each(dialects)('the whole account journey with mail over SMTP on %s', (dialect) => {
  let sink: SmtpSink
  let server: TestServer
  beforeAll(async () => {
    sink = await startSmtpSink()
    server = await startTestServer(dialect, { env: { SMTP_URL: sink.url }, realMailer: true })
  })
  afterAll(async () => {
    await server?.stop()
    await sink?.stop()
  })

  it('sign-up -> confirm e-mail -> sign in -> info -> settings -> logout -> reset -> new password', async () => {
    const username = uniqueName('Journey')
    const email = `${username.toLowerCase()}@example.test`
    const oldPassword = 'the first password of mine'
    const newPassword = 'a brand new passphrase, 2nd'

    // Sign-up: 201, a session, not yet confirmed.
    const browser = new HttpClient(server.url)
    const signup = await browser.post<Record<string, unknown>>('/v1/auth/signup', {
      invitationCode: await newInvitationCode(server),
      email,
      username,
      password: oldPassword,
      firstName: 'Jo',
      lastName: 'Urney',
      acceptTerms: true,
    })
    expect(signup.status).toBe(201)
    expect(signup.body).toMatchObject({ username, email, emailConfirmed: false, firstName: 'Jo' })

    // The confirmation mail arrives over SMTP with the link and the one-click unsubscribe headers.
    const confirmMail = await sink.nextMail(email)
    expect(confirmMail.subject).toBe('Confirm your e-mail address for Alpha')
    expect(confirmMail.from?.text).toContain('no-reply@localhost')
    expect(rawHeader(confirmMail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(rawHeader(confirmMail, 'List-Unsubscribe')).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/v1\/mail\/unsubscribe\?/,
    )
    const confirmLink = linkIn(confirmMail.text ?? '', '/account/confirm-email')
    expect(confirmLink.origin).toBe(server.url)
    expect(confirmMail.html || '').toContain('/account/confirm-email?')

    // The SPA page posts the link's query.
    const guest = new HttpClient(server.url)
    const confirmed = await guest.post('/v1/auth/confirm-email', queryOf(confirmLink))
    expect(confirmed.status).toBe(204)

    // Sign in on another browser.
    const laptop = new HttpClient(server.url)
    const signin = await laptop.post('/v1/auth/signin', { login: username, password: oldPassword })
    expect(signin.status).toBe(200)

    const info = await laptop.get<Record<string, unknown>>('/v1/auth/info')
    expect(info.status).toBe(200)
    const user = authUserSchema.parse(info.body)
    expect(user.username).toBe(username)
    expect(user.emailConfirmed).toBe(true)
    expect(user.wallet.balance).toBe(100)
    expect(user.wallets).toHaveLength(1)
    expect(user.websocketCredentials).toMatch(/^[A-Za-z0-9_-]{22,}$/)
    expect(user.invitationCodes).toHaveLength(3)
    const keys = keysOf(info.body)
    expect(keys.filter((k) => /priv|secret|hash|password/i.test(k))).toEqual([])
    expect(JSON.stringify(info.body)).not.toMatch(/priv/i)

    // Settings: defaults, then a patch.
    const settingsBefore = await laptop.get<Record<string, unknown>>('/v1/users/me/settings')
    expect(settingsBefore.body).toMatchObject({ isFirstTimeUser: true, watchList: [...defaultWatchList] })
    const patched = await laptop.patch('/v1/users/me/settings', {
      isFirstTimeUser: false,
      notifications: { dailyCloseout: { email: true } },
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({
      isFirstTimeUser: false,
      notifications: {
        importantMessages: { email: false, push: true },
        dailyCloseout: { email: true, push: false },
      },
    })
    expect((await laptop.get(`/v1/users/${user.id}/settings`)).body).toEqual(patched.body)

    // Logout ends the session.
    expect((await laptop.post('/v1/auth/logout')).status).toBe(204)
    expect((await laptop.get('/v1/auth/info')).status).toBe(401)

    // Reset the forgotten password by mail.
    const request = await guest.post('/v1/auth/password-reset/request', { email })
    expect(request.status).toBe(202)
    const resetMail = await sink.nextMail(email)
    expect(resetMail.subject).toBe('Change your Alpha password')
    const resetLink = linkIn(resetMail.text ?? '', '/account/reset-password')
    expect(Object.keys(queryOf(resetLink)).sort()).toEqual(['sgn', 'userId', 'validUntil'])
    const reset = await guest.post('/v1/auth/password-reset', {
      ...queryOf(resetLink),
      password: newPassword,
    })
    expect(reset.status).toBe(204)

    // The sign-up browser's session ended with the reset.
    expect((await browser.get('/v1/auth/info')).status).toBe(401)

    const withOld = await laptop.post('/v1/auth/signin', { login: email, password: oldPassword })
    expect(withOld.status).toBe(401)
    const withNew = await laptop.post('/v1/auth/signin', { login: email, password: newPassword })
    expect(withNew.status).toBe(200)
    expect((await laptop.get<{ id: number }>('/v1/auth/info')).body.id).toBe(user.id)

    // The one-click unsubscribe URL of the mail's header stops e-mail notifications.
    const oneClick = listUnsubscribeUrl(rawHeader(resetMail, 'List-Unsubscribe'))
    const unsubscribed = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(unsubscribed.status).toBe(200)
    const settingsAfter = await laptop.get<{ notifications: Record<string, { email: boolean }> }>(
      '/v1/users/me/settings',
    )
    expect(settingsAfter.body.notifications.dailyCloseout?.email).toBe(false)
  })

  it('sends no mail for a reset request of an address without an account', async () => {
    const guest = new HttpClient(server.url)
    const unknown = `${uniqueName('nobody')}@example.test`
    const answer = await guest.post('/v1/auth/password-reset/request', { email: unknown })
    expect(answer.status).toBe(202)
    // A known address sent afterwards arrives; by then the unknown one would have too.
    const username = uniqueName('known')
    const email = `${username}@example.test`
    const signup = await guest.post('/v1/auth/signup', {
      invitationCode: await newInvitationCode(server),
      email,
      username,
      password: 'twelve chars!',
      acceptTerms: true,
    })
    expect(signup.status).toBe(201)
    await sink.nextMail(email)
    expect(sink.mailsTo(unknown)).toEqual([])
  })
})
