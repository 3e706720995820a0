import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { liftSuspension, suspendAccount, suspendedText } from '../../server/auth/suspension'
import type { AuthUser } from '../../src/api/users'
import { confirmEmailOf, newInvitationCode, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { type Answer, HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

const clients = {
  google: { id: 'google-client', secret: 'google-secret' },
  facebook: { id: 'facebook-client', secret: 'facebook-secret' },
}

const signInFailed = 'Oops! We could not log you in'
const signUpFailed = 'Oops! We could not sign you up'

/** What the local provider says about the player on the next sign-in (its user-info answer). */
let userInfo: Record<string, unknown> = {}
/** Access tokens the provider issued; the user-info request must carry one of them. */
const issuedTokens = new Set<string>()
let tokenRequests: { authorization?: string; body: Record<string, string> }[] = []

function errorMessages(location: string | null): string[] {
  expect(location).toMatch(/^\/account\/signin\?/)
  return new URL(location ?? '', 'http://x').searchParams.getAll('errorMessage')
}

let uniqueId = 0
const newSubject = () => `subject-${process.pid}-${++uniqueId}`

describe.each(dialects)('social sign-in on %s', (dialect) => {
  let provider: OAuth2Server
  let server: TestServer

  beforeAll(async () => {
    provider = new OAuth2Server()
    await provider.issuer.keys.generate('RS256')
    await provider.start(0, '127.0.0.1')
    const { service } = provider
    service.on('beforeResponse', (response, req) => {
      tokenRequests.push({ authorization: req.headers.authorization, body: { ...req.body } })
      const body = response.body as { access_token?: string }
      if (body.access_token) issuedTokens.add(body.access_token)
    })
    service.on('beforeUserinfo', (response, req) => {
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? ''
      if (issuedTokens.has(token)) response.body = userInfo
      else {
        response.statusCode = 401
        response.body = { error: 'invalid_token' }
      }
    })
    const base = provider.issuer.url ?? ''
    server = await startTestServer(dialect, {
      env: {
        OAUTH_GOOGLE_CLIENT_ID: clients.google.id,
        OAUTH_GOOGLE_CLIENT_SECRET: clients.google.secret,
        OAUTH_GOOGLE_ENDPOINTS_BASE: base,
        OAUTH_FACEBOOK_CLIENT_ID: clients.facebook.id,
        OAUTH_FACEBOOK_CLIENT_SECRET: clients.facebook.secret,
        OAUTH_FACEBOOK_ENDPOINTS_BASE: base,
        // half configured: not offered
        OAUTH_DISCORD_CLIENT_ID: 'discord-client',
      },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await provider?.stop()
  })
  beforeEach(() => {
    tokenRequests = []
  })

  /** The browser's round trip: our start, the provider's consent (it approves at once), our callback. */
  async function socialSignIn(
    client: HttpClient,
    name: string,
    query: Record<string, string> = {},
    tamper: (callback: URL) => void = () => {},
  ): Promise<Answer> {
    const start = await client.get(`/v1/auth/oauth/${name}/start?${new URLSearchParams(query)}`)
    expect(start.status).toBe(302)
    const authorize = new URL(start.headers.get('location') ?? '')
    expect(authorize.origin).toBe(new URL(provider.issuer.url ?? '').origin)
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.url}/v1/auth/oauth/${name}/callback`)
    const consent = await fetch(authorize, { redirect: 'manual' })
    expect(consent.status).toBe(302)
    const callback = new URL(consent.headers.get('location') ?? '')
    expect(callback.origin).toBe(server.url)
    tamper(callback)
    return client.get(callback.pathname + callback.search)
  }

  async function userCount(): Promise<number> {
    const row = await server.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  it('lists only the providers with a client id and secret', async () => {
    const answer = await new HttpClient(server.url).get('/v1/auth/providers')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ providers: ['google', 'facebook'] })
  })

  it.each([
    ['reddit', 'start'],
    ['discord', 'start'],
    ['twitter', 'callback?code=x&state=y'],
    ['myspace', 'start'],
    ['__proto__', 'start'],
  ])('answers 404 for %s (%s)', async (name, path) => {
    const answer = await new HttpClient(server.url).get<{ error: { code: string } }>(
      `/v1/auth/oauth/${name}/${path}`,
    )
    expect(answer.status).toBe(404)
    expect(answer.body.error.code).toBe('not_found')
  })

  it('signs a new player up with an invitation code, then signs them in again', async () => {
    const subject = newSubject()
    userInfo = { sub: subject, email: `${subject}@mail.test`, email_verified: true, name: 'Jane Doe' }
    const browser = new HttpClient(server.url)
    const answer = await socialSignIn(browser, 'google', {
      invitationCode: await newInvitationCode(server),
      acceptTerms: 'true',
      next: '/polls',
    })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/welcome?next=%2Fpolls')
    expect(browser.cookies.has('alpha_session')).toBe(true)
    expect(browser.cookies.has('alpha_oauth_flow')).toBe(false)

    // confidential client: HTTP Basic at the token endpoint, and PKCE (the mock checks the verifier)
    const basic = Buffer.from(`${clients.google.id}:${clients.google.secret}`).toString('base64')
    expect(tokenRequests.at(-1)?.authorization).toBe(`Basic ${basic}`)
    expect(tokenRequests.at(-1)?.body.code_verifier).toBeTruthy()

    const info = await browser.get<AuthUser>('/v1/auth/info')
    expect(info.status).toBe(200)
    expect(info.body).toMatchObject({
      username: 'Jane_Doe',
      email: `${subject}@mail.test`,
      emailConfirmed: true,
      wallet: { balance: 100 },
    })

    const again = new HttpClient(server.url)
    const second = await socialSignIn(again, 'google', { next: '/rankings' })
    expect(second.headers.get('location')).toBe('/rankings')
    const secondInfo = await again.get<AuthUser>('/v1/auth/info')
    expect(secondInfo.body.id).toBe(info.body.id)
    expect(again.cookies.get('alpha_session')).not.toBe(browser.cookies.get('alpha_session'))
  })

  it('makes the username unique with a number', async () => {
    const names: string[] = []
    for (let i = 0; i < 2; i++) {
      const subject = newSubject()
      userInfo = { sub: subject, email: `${subject}@mail.test`, email_verified: true, name: 'Max Mustermann' }
      const browser = new HttpClient(server.url)
      await socialSignIn(browser, 'google', {
        invitationCode: await newInvitationCode(server),
        acceptTerms: 'true',
      })
      names.push((await browser.get<AuthUser>('/v1/auth/info')).body.username)
    }
    expect(names[0]).toMatch(/^Max_Mustermann\d*$/)
    expect(names[1]).not.toBe(names[0])
    expect(names[1]).toMatch(/^Max_Mustermann\d+$/)
  })

  it('refuses a sign-up without an invitation code and creates nothing', async () => {
    const subject = newSubject()
    userInfo = { sub: subject, email: `${subject}@mail.test`, email_verified: true, name: 'No Code' }
    const before = await userCount()
    const browser = new HttpClient(server.url)
    const answer = await socialSignIn(browser, 'google', { acceptTerms: 'true' })
    expect(answer.status).toBe(302)
    expect(errorMessages(answer.headers.get('location'))).toEqual([
      signUpFailed,
      'Sign-up needs an invitation code.',
    ])
    expect(browser.cookies.has('alpha_session')).toBe(false)
    expect(await userCount()).toBe(before)
  })

  it('refuses a sign-up without agreement to the terms, or with a spent or malformed code', async () => {
    const subject = newSubject()
    userInfo = { sub: subject, name: 'Terms Refuser' }
    const before = await userCount()
    const code = await newInvitationCode(server)
    const noTerms = await socialSignIn(new HttpClient(server.url), 'google', { invitationCode: code })
    expect(errorMessages(noTerms.headers.get('location'))).toEqual([
      signUpFailed,
      'Please agree to the terms and conditions',
    ])

    await signUpPlayer(server, { invitationCode: code })
    const spent = await socialSignIn(new HttpClient(server.url), 'google', {
      invitationCode: code,
      acceptTerms: 'true',
    })
    expect(errorMessages(spent.headers.get('location'))).toEqual([
      signUpFailed,
      'Please enter a valid invitation code',
    ])

    const malformed = await new HttpClient(server.url).get(
      '/v1/auth/oauth/google/start?invitationCode=nope&acceptTerms=true',
    )
    expect(malformed.status).toBe(302)
    expect(errorMessages(malformed.headers.get('location'))).toEqual([
      signUpFailed,
      'Please enter a valid invitation code',
    ])
    expect(await userCount()).toBe(before + 1)
  })

  it('refuses a tampered state, a forged flow cookie and a callback without one', async () => {
    const subject = newSubject()
    userInfo = { sub: subject, email: `${subject}@mail.test`, email_verified: true, name: 'Mallory' }
    const options = { invitationCode: '', acceptTerms: 'true' }

    const tamperedState = new HttpClient(server.url)
    const a = await socialSignIn(tamperedState, 'google', options, (url) =>
      url.searchParams.set('state', `${url.searchParams.get('state')}x`),
    )
    expect(errorMessages(a.headers.get('location'))).toEqual([signInFailed])
    expect(tamperedState.cookies.has('alpha_session')).toBe(false)

    const forgedCookie = new HttpClient(server.url)
    const b = await socialSignIn(forgedCookie, 'google', options, () => {
      const sealed = forgedCookie.cookies.get('alpha_oauth_flow') ?? ''
      const [payload] = sealed.split('.')
      const flow = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
      const forged = Buffer.from(JSON.stringify({ ...flow, invitationCode: 'X'.repeat(24) })).toString(
        'base64url',
      )
      forgedCookie.cookies.set('alpha_oauth_flow', `${forged}.${sealed.split('.')[1]}`)
    })
    expect(errorMessages(b.headers.get('location'))).toEqual([signInFailed])

    const noCookie = new HttpClient(server.url)
    const c = await socialSignIn(noCookie, 'google', options, () => noCookie.cookies.clear())
    expect(errorMessages(c.headers.get('location'))).toEqual([signInFailed])

    // a flow started for one provider does not complete another
    const otherProvider = new HttpClient(server.url)
    const d = await socialSignIn(otherProvider, 'google', options, (url) => {
      url.pathname = url.pathname.replace('/google/', '/facebook/')
    })
    expect(errorMessages(d.headers.get('location'))).toEqual([signInFailed])
  })

  it('refuses an expired flow', async () => {
    userInfo = { sub: newSubject(), name: 'Slow Poke' }
    const browser = new HttpClient(server.url)
    const answer = await socialSignIn(browser, 'google', {}, () => server.clock.advance(11 * 60_000))
    expect(errorMessages(answer.headers.get('location'))).toEqual([signInFailed])
  })

  it('turns provider failures into the sign-in page with a message, never a 500', async () => {
    userInfo = { sub: newSubject(), name: 'Unlucky' }
    const denied = new HttpClient(server.url)
    const a = await socialSignIn(denied, 'google', {}, (url) => {
      url.searchParams.delete('code')
      url.searchParams.set('error', 'access_denied')
    })
    expect(errorMessages(a.headers.get('location'))).toEqual([signInFailed])

    provider.service.once('beforeResponse', (response) => {
      response.statusCode = 400
      response.body = { error: 'invalid_grant' }
    })
    const badCode = await socialSignIn(new HttpClient(server.url), 'google')
    expect(errorMessages(badCode.headers.get('location'))).toEqual([signInFailed])

    userInfo = { no: 'subject' }
    const badProfile = await socialSignIn(new HttpClient(server.url), 'google')
    expect(errorMessages(badProfile.headers.get('location'))).toEqual([signInFailed])

    const replayed = new HttpClient(server.url)
    userInfo = { sub: newSubject(), name: 'Replay' }
    let callbackUrl = ''
    await socialSignIn(replayed, 'google', {}, (url) => {
      callbackUrl = url.pathname + url.search
    })
    const replay = await replayed.get(callbackUrl)
    expect(errorMessages(replay.headers.get('location'))).toEqual([signInFailed])
  })

  it('links a provider-verified address to the account with the same confirmed address', async () => {
    const player = await signUpPlayer(server)
    await server.ctx.db
      .updateTable('users')
      .set({ emailConfirmedAt: server.clock.now() })
      .where('id', '=', player.user.id)
      .execute()
    const subject = newSubject()
    userInfo = { sub: subject, email: player.email.toUpperCase(), email_verified: true, name: 'Other Name' }
    const browser = new HttpClient(server.url)
    const answer = await socialSignIn(browser, 'google')
    expect(answer.headers.get('location')).toBe('/')
    expect((await browser.get<AuthUser>('/v1/auth/info')).body.id).toBe(player.user.id)

    // linked now: a later change of address at the provider still finds the account
    userInfo = { sub: subject, email: 'moved@mail.test', email_verified: true }
    const later = new HttpClient(server.url)
    await socialSignIn(later, 'google')
    expect((await later.get<AuthUser>('/v1/auth/info')).body.id).toBe(player.user.id)
  })

  it('does not link when either side has not confirmed the address', async () => {
    const unconfirmed = await signUpPlayer(server)
    userInfo = { sub: newSubject(), email: unconfirmed.email, email_verified: true, name: 'Victim' }
    const a = await socialSignIn(new HttpClient(server.url), 'google', {
      invitationCode: await newInvitationCode(server),
      acceptTerms: 'true',
    })
    expect(errorMessages(a.headers.get('location'))[0]).toBe(signInFailed)

    const confirmed = await signUpPlayer(server)
    await server.ctx.db
      .updateTable('users')
      .set({ emailConfirmedAt: server.clock.now() })
      .where('id', '=', confirmed.user.id)
      .execute()
    userInfo = { sub: newSubject(), email: confirmed.email, email_verified: false, name: 'Claimer' }
    const b = await socialSignIn(new HttpClient(server.url), 'google')
    expect(errorMessages(b.headers.get('location'))[0]).toBe(signInFailed)
    const links = await server.ctx.db
      .selectFrom('oauthAccounts')
      .selectAll()
      .where('userId', 'in', [unconfirmed.user.id, confirmed.user.id])
      .execute()
    expect(links).toEqual([])
  })

  it('refuses a suspended player, signed in by their linked provider or by their confirmed address', async () => {
    const player = await signUpPlayer(server)
    await confirmEmailOf(server, player)
    await suspendAccount(server.ctx.db, player.username, server.clock.now())
    // by the address: no link is made either
    const subject = newSubject()
    userInfo = { sub: subject, email: player.email, email_verified: true, name: 'Suspended' }
    const byAddress = new HttpClient(server.url)
    const refused = await socialSignIn(byAddress, 'google')
    expect(errorMessages(refused.headers.get('location'))).toEqual([signInFailed, suspendedText])
    expect(byAddress.cookies.has('alpha_session')).toBe(false)
    const links = await server.ctx.db
      .selectFrom('oauthAccounts')
      .selectAll()
      .where('userId', '=', player.user.id)
      .execute()
    expect(links).toEqual([])

    // linked while in good standing, then suspended: the provider's sign-in is refused too
    await liftSuspension(server.ctx.db, player.username)
    await socialSignIn(new HttpClient(server.url), 'google')
    await suspendAccount(server.ctx.db, player.email, server.clock.now())
    const linked = new HttpClient(server.url)
    const again = await socialSignIn(linked, 'google')
    expect(errorMessages(again.headers.get('location'))).toEqual([signInFailed, suspendedText])
    expect(linked.cookies.has('alpha_session')).toBe(false)
  })

  it('signs up through Facebook, whose token endpoint takes the secret in the body', async () => {
    const id = newSubject()
    userInfo = { id, name: 'Fritz Book', first_name: 'Fritz', last_name: 'Book', email: `${id}@fb.test` }
    const browser = new HttpClient(server.url)
    const answer = await socialSignIn(browser, 'facebook', {
      invitationCode: await newInvitationCode(server),
      acceptTerms: 'true',
    })
    expect(answer.headers.get('location')).toBe('/welcome')
    const request = tokenRequests.at(-1)
    expect(request?.authorization).toBeUndefined()
    expect(request?.body).toMatchObject({
      client_id: clients.facebook.id,
      client_secret: clients.facebook.secret,
    })
    const info = await browser.get<AuthUser>('/v1/auth/info')
    expect(info.body).toMatchObject({
      username: 'Fritz_Book',
      firstName: 'Fritz',
      lastName: 'Book',
      email: `${id}@fb.test`,
      // Facebook does not vouch for the address: the player confirms it by mail
      emailConfirmed: false,
    })
    const mail = await server.mailer.nextMail(`${id}@fb.test`)
    expect(mail.subject).toBeTruthy()
  })

  it('gives an account without a shared address an unreachable placeholder one', async () => {
    const subject = newSubject()
    userInfo = { sub: subject, name: 'Quiet Person' }
    const browser = new HttpClient(server.url)
    const answer = await socialSignIn(browser, 'google', {
      invitationCode: await newInvitationCode(server),
      acceptTerms: 'true',
    })
    expect(answer.headers.get('location')).toBe('/welcome')
    const info = await browser.get<AuthUser>('/v1/auth/info')
    expect(info.body).toMatchObject({ email: `google.${subject}@users.invalid`, emailConfirmed: false })
    expect(server.mailer.sent.some((m) => m.to.endsWith('@users.invalid'))).toBe(false)
  })

  it('ignores a next that leaves the site', async () => {
    const subject = newSubject()
    userInfo = { sub: subject, email: `${subject}@mail.test`, email_verified: true, name: 'Traveller' }
    await socialSignIn(new HttpClient(server.url), 'google', {
      invitationCode: await newInvitationCode(server),
      acceptTerms: 'true',
    })
    for (const next of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
    ]) {
      const answer = await socialSignIn(new HttpClient(server.url), 'google', { next })
      expect(answer.headers.get('location')).toBe('/')
    }
  })
})
