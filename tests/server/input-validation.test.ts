import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validationTexts as t } from '../../src/api/texts'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { type TableCounts, tableCounts } from '../support/db-snapshot'
import { HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> }
}

/** Bad bodies and queries of the routes other than sign-up (signup.test.ts has those). */
describe.each(dialects)('input validation of the auth and users routes on %s', (dialect) => {
  let server: TestServer
  let player: SignedUp
  beforeAll(async () => {
    server = await startTestServer(dialect)
    player = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  async function state(): Promise<{ counts: TableCounts; users: unknown[]; failures: unknown[] }> {
    return {
      counts: await tableCounts(server),
      users: await server.ctx.db.selectFrom('users').selectAll().orderBy('id').execute(),
      failures: await server.ctx.db.selectFrom('signInFailures').selectAll().execute(),
    }
  }

  /** Sends the request as the signed-in player; expects a 400 with the error shape and no change at all. */
  async function expect400(method: string, path: string, body: unknown): Promise<ErrorBody['error']> {
    const before = await state()
    const answer = await player.client.request<ErrorBody>(
      method,
      path,
      body === undefined ? undefined : JSON.stringify(body),
    )
    expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400)
    expect(Object.keys(answer.body)).toEqual(['error'])
    expect(answer.body.error.code).toBe('validation_failed')
    expect(answer.body.error.message).toEqual(expect.any(String))
    expect(Object.keys(answer.body.error.fields ?? {}).length).toBeGreaterThan(0)
    expect(await state()).toEqual(before)
    return answer.body.error
  }

  it('POST /v1/auth/signin', async () => {
    const long = 'x'.repeat(255)
    for (const body of [
      undefined,
      {},
      { login: player.username },
      { password: player.password },
      { login: '', password: player.password },
      { login: '   ', password: player.password },
      { login: long, password: player.password },
      { login: player.username, password: '' },
      { login: player.username, password: 'p'.repeat(1025) },
      { login: 42, password: player.password },
      { login: player.username, password: ['x'] },
      { login: player.username, password: player.password, remember: true },
      [player.username, player.password],
    ]) {
      await expect400('POST', '/v1/auth/signin', body)
    }
    const error = await expect400('POST', '/v1/auth/signin', { login: player.username, password: null })
    expect(Object.keys(error.fields ?? {})).toEqual(['password'])
  })

  it('POST /v1/auth/password-reset/request', async () => {
    for (const body of [{}, { email: 'no address' }, { email: `${'a'.repeat(250)}@x.test` }, { email: 1 }]) {
      const error = await expect400('POST', '/v1/auth/password-reset/request', body)
      expect(error).toEqual({ code: 'validation_failed', message: t.email, fields: { email: t.email } })
    }
    await expect400('POST', '/v1/auth/password-reset/request', { email: player.email, extra: 1 })
    expect(server.mailer.sent.filter((m) => m.subject.includes('password'))).toEqual([])
  })

  it('POST /v1/auth/password-reset', async () => {
    const valid = {
      userId: player.user.id,
      validUntil: server.clock.now() + 60_000,
      sgn: 'abc',
      password: 'long enough password',
    }
    for (const change of [
      { userId: undefined },
      { userId: 'abc' },
      { userId: -1 },
      { userId: 1.5 },
      { validUntil: 'soon' },
      { validUntil: 0 },
      { sgn: '' },
      { sgn: 's'.repeat(129) },
      { sgn: undefined },
      { password: 'short' },
      { password: 'p'.repeat(129) },
      { foo: 'bar' },
    ]) {
      await expect400('POST', '/v1/auth/password-reset', { ...valid, ...change })
    }
  })

  it('POST /v1/auth/confirm-email and /v1/auth/unsubscribe', async () => {
    const valid = { userId: player.user.id, email: player.email, sgn: 'abc' }
    for (const path of ['/v1/auth/confirm-email', '/v1/auth/unsubscribe']) {
      for (const change of [
        { userId: undefined },
        { userId: 'x' },
        { email: '' },
        { email: 'e'.repeat(255) },
        { email: 5 },
        { sgn: '' },
        { sgn: 's'.repeat(129) },
        { extra: true },
      ]) {
        await expect400('POST', path, { ...valid, ...change })
      }
    }
  })

  it('POST /v1/mail/unsubscribe (query)', async () => {
    const guest = new HttpClient(server.url)
    const before = await state()
    for (const query of [
      '',
      `?userId=${player.user.id}`,
      `?userId=x&email=a&sgn=b`,
      `?userId=1&email=a&sgn=b&more=1`,
    ]) {
      const answer = await guest.post<ErrorBody>(
        `/v1/mail/unsubscribe${query}`,
        'List-Unsubscribe=One-Click',
        {
          bare: true,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      )
      expect(answer.status, query).toBe(400)
      expect(answer.body.error.code).toBe('validation_failed')
    }
    expect(await state()).toEqual(before)
  })

  it('PATCH /v1/users/{user}/settings and DELETE /v1/users/me', async () => {
    await expect400('PATCH', '/v1/users/me/settings', { notifications: { dailyCloseout: { email: 'yes' } } })
    await expect400('PATCH', '/v1/users/me/settings', { watchList: 'AAPL' })
    await expect400('PATCH', `/v1/users/${'u'.repeat(65)}/settings`, { isFirstTimeUser: false })
    await expect400('DELETE', '/v1/users/me', { password: 'p'.repeat(1025) })
    await expect400('DELETE', '/v1/users/me', { password: player.password, confirm: true })
    expect((await player.client.get('/v1/auth/info')).status).toBe(200)
  })

  it('reads a JSON body behind a byte order mark as that JSON (RFC 8259 §8.1), and validates it', async () => {
    const accepted = await player.client.request(
      'PATCH',
      '/v1/users/me/settings',
      '\ufeff{"isFirstTimeUser":false}',
    )
    expect(accepted.status).toBe(200)
    const before = await state()
    const refused = await player.client.request<ErrorBody>(
      'PATCH',
      '/v1/users/me/settings',
      '\ufeff{"watchList":"AAPL"}',
    )
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('validation_failed')
    expect(await state()).toEqual(before)
  })

  it('a path parameter that is too long is a 400, not a 500', async () => {
    const answer = await player.client.get<ErrorBody>(`/v1/users/${'u'.repeat(65)}`)
    expect(answer.status).toBe(400)
    expect(answer.body.error.code).toBe('validation_failed')
  })
})
