import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatInvitationCode } from '../../server/auth/invitation-codes'
import { validationTexts as t } from '../../src/api/texts'
import type { AuthUser } from '../../src/api/users'
import { newInvitationCode, signUpPlayer, uniqueName } from '../support/accounts'
import { dialects } from '../support/databases'
import { tableCounts } from '../support/db-snapshot'
import { HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> }
}

describe.each(dialects)('sign-up on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(() => server.stop())

  /** A complete, valid body with a fresh code and name. */
  async function validBody(): Promise<{
    invitationCode: string
    email: string
    username: string
    password: string
    acceptTerms: boolean
  }> {
    const username = uniqueName('su')
    return {
      invitationCode: await newInvitationCode(server),
      email: `${username}@example.test`,
      username,
      password: 'correct horse battery staple',
      acceptTerms: true,
    }
  }

  async function isCodeUnused(code: string): Promise<boolean> {
    const row = await server.ctx.db
      .selectFrom('invitationCodes')
      .select('usedAt')
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
    return row.usedAt === null
  }

  /** Posts the body and asserts the 400/409 shape and that no table changed. */
  async function expectRefused(body: unknown, status = 400): Promise<ErrorBody['error']> {
    const before = await tableCounts(server)
    const client = new HttpClient(server.url)
    const answer = await client.post<ErrorBody>('/v1/auth/signup', body)
    expect(answer.status, JSON.stringify(answer.body)).toBe(status)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(answer.headers.get('set-cookie')).toBeNull()
    expect(answer.body.error.code).toEqual(expect.any(String))
    expect(answer.body.error.message).toEqual(expect.any(String))
    expect(Object.keys(answer.body)).toEqual(['error'])
    expect(await tableCounts(server)).toEqual(before)
    return answer.body.error
  }

  it('creates the account with a session cookie, the grant through the ledger and three own codes', async () => {
    const body = await validBody()
    const client = new HttpClient(server.url)
    const before = await tableCounts(server)
    const answer = await client.post<AuthUser>('/v1/auth/signup', {
      ...body,
      email: `  ${body.email.toUpperCase()} `,
      firstName: '  Ada ',
      lastName: 'Lovelace',
    })
    expect(answer.status).toBe(201)
    expect(client.cookies.get('alpha_session')).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const user = answer.body
    expect(user).toMatchObject({
      username: body.username,
      email: body.email.toUpperCase(),
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailConfirmed: false,
      rank: 0,
      liveRank: 0,
    })
    expect(user.wallet.balance).toBe(100)
    expect(user.invitationCodes).toHaveLength(3)
    for (const own of user.invitationCodes) {
      expect(own.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){5}$/)
      expect(own.usedAt).toBeNull()
      expect(own.expiresAt).toBeGreaterThan(server.clock.now())
    }
    expect(await isCodeUnused(body.invitationCode)).toBe(false)
    expect(await tableCounts(server)).toEqual({
      users: before.users + 1,
      sessions: before.sessions + 1,
      wallets: before.wallets + 1,
      ledger: before.ledger + 1,
      invitationCodes: before.invitationCodes + 3,
      usedInvitationCodes: before.usedInvitationCodes + 1,
    })
    const ledger = await server.ctx.db
      .selectFrom('ledger')
      .selectAll()
      .where('walletAddress', '=', user.wallet.address)
      .execute()
    expect(ledger).toEqual([expect.objectContaining({ type: 'grant', amount: 100_00 })])
    const mail = await server.mailer.nextMail(body.email.toUpperCase())
    expect(mail.subject).toContain('Confirm')
  })

  it('accepts a code as people type it (lower case, dashes, spaces) and a code a player got', async () => {
    const body = await validBody()
    const typed = ` ${formatInvitationCode(body.invitationCode).toLowerCase().replaceAll('-', ' - ')} `
    const first = await new HttpClient(server.url).post<AuthUser>('/v1/auth/signup', {
      ...body,
      invitationCode: typed,
    })
    expect(first.status).toBe(201)

    const friendsCode = first.body.invitationCodes[0]?.code ?? ''
    const friend = await validBody()
    const second = await new HttpClient(server.url).post('/v1/auth/signup', {
      ...friend,
      invitationCode: friendsCode,
    })
    expect(second.status).toBe(201)
    const inviter = await new HttpClient(server.url).post<AuthUser>('/v1/auth/signin', {
      login: body.username,
      password: body.password,
    })
    const used = inviter.body.invitationCodes.find((c) => c.code === friendsCode)
    expect(used?.usedAt).toEqual(expect.any(Number))
  })

  describe('each field with its spec text', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'an invitation code of the wrong length',
        { invitationCode: 'ABCD-EFGH' },
        'invitationCode',
        t.invitationCode,
      ],
      [
        'an invitation code with letters outside the alphabet',
        { invitationCode: 'I'.repeat(24) },
        'invitationCode',
        t.invitationCode,
      ],
      [
        'an over-long invitation code',
        { invitationCode: 'A'.repeat(65) },
        'invitationCode',
        t.invitationCode,
      ],
      [
        'an invitation code of the wrong type',
        { invitationCode: 123456 },
        'invitationCode',
        t.invitationCode,
      ],
      ['a missing invitation code', { invitationCode: undefined }, 'invitationCode', t.invitationCode],
      ['an e-mail address without @', { email: 'not-an-address' }, 'email', t.email],
      ['an e-mail address without domain', { email: 'someone@' }, 'email', t.email],
      [
        'an over-long e-mail address',
        { email: `${'a'.repeat(64)}@${'b'.repeat(190)}.test` },
        'email',
        t.email,
      ],
      ['an e-mail address of the wrong type', { email: ['a@example.test'] }, 'email', t.email],
      ['a missing e-mail address', { email: undefined }, 'email', t.email],
      ['a too short username', { username: 'ab' }, 'username', t.username],
      ['an over-long username', { username: 'a'.repeat(25) }, 'username', t.username],
      ['a username with a space', { username: 'two words' }, 'username', t.username],
      ['a username with an @', { username: 'me@home' }, 'username', t.username],
      ['a reserved username', { username: 'Admin' }, 'username', t.username],
      ['the Bank as username', { username: 'bank' }, 'username', t.username],
      ['a username of the wrong type', { username: 12345 }, 'username', t.username],
      ['a username written backwards', { username: '\u202Enimda' }, 'username', t.usernameCharacters],
      ['a username with a zero-width space', { username: 'ada\u200Blove' }, 'username', t.usernameCharacters],
      ['a reserved username in fullwidth', { username: 'ＡＤＭＩＮ' }, 'username', t.username],
      ['a missing username', { username: undefined }, 'username', t.username],
      ['an 11-character password', { password: 'elevenchars' }, 'password', t.password],
      ['a 129-character password', { password: 'p'.repeat(129) }, 'password', t.password],
      ['six emoji (12 UTF-16 units, 6 characters)', { password: '🙂'.repeat(6) }, 'password', t.password],
      ['a password of the wrong type', { password: 123456789012345 }, 'password', t.password],
      ['a missing password', { password: undefined }, 'password', t.password],
      ['terms not accepted', { acceptTerms: false }, 'acceptTerms', t.acceptTerms],
      ['terms as a string', { acceptTerms: 'true' }, 'acceptTerms', t.acceptTerms],
      ['terms missing', { acceptTerms: undefined }, 'acceptTerms', t.acceptTerms],
    ]
    it.each(cases)('refuses %s', async (_name, change, field, text) => {
      const body = { ...(await validBody()), ...change }
      const error = await expectRefused(body)
      expect(error).toEqual({ code: 'validation_failed', message: text, fields: { [field]: text } })
    })
  })

  it('keeps a fullwidth username as the ASCII it looks like, so nobody else can take that', async () => {
    const body = await validBody()
    const fullwidth = [...body.username]
      .map((c) => String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0))
      .join('')
    const answer = await new HttpClient(server.url).post<AuthUser>('/v1/auth/signup', {
      ...body,
      username: fullwidth,
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.username).toBe(body.username)
    const row = await server.ctx.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', answer.body.id)
      .executeTakeFirst()
    expect(row?.username).toBe(body.username)
    const again = await expectRefused({ ...(await validBody()), username: body.username }, 409)
    expect(again.code).toBe('username_taken')
    // typed as at sign-up, the name signs in
    const signIn = await new HttpClient(server.url).post('/v1/auth/signin', {
      login: fullwidth,
      password: body.password,
    })
    expect(signIn.status).toBe(200)
  })

  it('names every bad field at once, the message being the first', async () => {
    const error = await expectRefused({
      invitationCode: 'nope',
      email: 'nope',
      username: 'n',
      password: 'short',
      acceptTerms: false,
    })
    expect(error.code).toBe('validation_failed')
    expect(error.fields).toEqual({
      invitationCode: t.invitationCode,
      email: t.email,
      username: t.username,
      password: t.password,
      acceptTerms: t.acceptTerms,
    })
    expect(error.message).toBe(t.invitationCode)
  })

  it('refuses over-long or mistyped optional names', async () => {
    const long = await expectRefused({ ...(await validBody()), firstName: 'F'.repeat(65) })
    expect(long.code).toBe('validation_failed')
    expect(Object.keys(long.fields ?? {})).toEqual(['firstName'])
    const typed = await expectRefused({ ...(await validBody()), lastName: 42 })
    expect(Object.keys(typed.fields ?? {})).toEqual(['lastName'])
  })

  it('refuses unknown fields: the schema is strict', async () => {
    const body = await validBody()
    const error = await expectRefused({ ...body, isAdmin: true })
    expect(error.code).toBe('validation_failed')
    expect(JSON.stringify(error.fields)).toContain('isAdmin')
    expect(await isCodeUnused(body.invitationCode)).toBe(true)
  })

  it('refuses bodies that are not a JSON object', async () => {
    for (const body of [[], null, 'just a string', 42]) {
      const error = await expectRefused(JSON.stringify(body))
      expect(error.code).toBe('validation_failed')
    }
    expect((await expectRefused(undefined)).code).toBe('validation_failed')
    expect((await expectRefused('{"invitationCode": ')).code).toBe('fst_err_ctp_invalid_json_body')
    expect((await expectRefused('')).code).toBe('fst_err_ctp_empty_json_body')
  })

  it('refuses a body that is not JSON at all', async () => {
    const body = await validBody()
    const before = await tableCounts(server)
    const client = new HttpClient(server.url)
    const form = await client.post<ErrorBody>('/v1/auth/signup', 'username=x&password=y', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    expect(form.body.error.code).toBe('fst_err_ctp_invalid_media_type')
    const big = await client.post<ErrorBody>('/v1/auth/signup', {
      ...body,
      firstName: 'x'.repeat(70_000),
    })
    expect(big.status).toBe(413)
    expect(big.body.error.code).toEqual(expect.any(String))
    expect(await tableCounts(server)).toEqual(before)
  })

  describe('passwords: 12 to 128 characters, no composition rules', () => {
    it.each([
      ['12 characters', 'a'.repeat(12)],
      ['128 characters', `${'x'.repeat(127)}!`],
      ['12 emoji', '🙂'.repeat(12)],
      ['only digits', '123456789012'],
      ['spaces inside', 'a b c d e f g'],
    ])('accepts %s and signs in with it', async (_name, password) => {
      const body = { ...(await validBody()), password }
      const answer = await new HttpClient(server.url).post('/v1/auth/signup', body)
      expect(answer.status).toBe(201)
      const signin = await new HttpClient(server.url).post('/v1/auth/signin', {
        login: body.username,
        password,
      })
      expect(signin.status).toBe(200)
    })
  })

  it('refuses a username that differs only in case: 409, nothing created, the code still usable', async () => {
    const taken = await signUpPlayer(server)
    const body = await validBody()
    const error = await expectRefused({ ...body, username: taken.username.toUpperCase() }, 409)
    expect(error).toEqual({
      code: 'username_taken',
      message: 'This username is already taken.',
      fields: { username: 'This username is already taken.' },
    })
    expect(await isCodeUnused(body.invitationCode)).toBe(true)
    const retry = await new HttpClient(server.url).post('/v1/auth/signup', body)
    expect(retry.status).toBe(201)
  })

  it('refuses an e-mail address that has an account (any case): 409, nothing created', async () => {
    const taken = await signUpPlayer(server)
    const body = await validBody()
    const error = await expectRefused({ ...body, email: taken.email.toUpperCase() }, 409)
    expect(error.code).toBe('email_taken')
    expect(error.fields).toEqual({ email: expect.any(String) })
    expect(await isCodeUnused(body.invitationCode)).toBe(true)
  })

  it('refuses a used invitation code', async () => {
    const first = await validBody()
    expect((await new HttpClient(server.url).post('/v1/auth/signup', first)).status).toBe(201)
    const second = await validBody()
    const error = await expectRefused({ ...second, invitationCode: first.invitationCode })
    expect(error).toEqual({
      code: 'invitation_code_invalid',
      message: t.invitationCode,
      fields: { invitationCode: t.invitationCode },
    })
  })

  it('refuses an unknown invitation code of the right form', async () => {
    const error = await expectRefused({ ...(await validBody()), invitationCode: '0'.repeat(24) })
    expect(error.code).toBe('invitation_code_invalid')
    expect(error.fields).toEqual({ invitationCode: t.invitationCode })
  })

  it('refuses an expired invitation code (codes live 30 days)', async () => {
    const body = await validBody()
    server.clock.advance(30 * 24 * 3600_000 + 1)
    const error = await expectRefused(body)
    expect(error.code).toBe('invitation_code_invalid')
    expect(await isCodeUnused(body.invitationCode)).toBe(true)
    // a code made now is fine
    const fresh = await validBody()
    expect((await new HttpClient(server.url).post('/v1/auth/signup', fresh)).status).toBe(201)
  })
})
