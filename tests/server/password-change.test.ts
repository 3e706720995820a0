import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser } from '../../src/api/users'
import { dropPassword, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { linkIn, nextLinkTo, nextMailWithSubject, queryOf } from '../support/mail-links'
import { startTestServer, type TestServer } from '../support/test-server'

interface Refused {
  error: { code: string; message: string; fields?: Record<string, string> }
}

describe.each(dialects)('a signed-in player changes their password on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const signIn = (login: string, password: string) =>
    new HttpClient(server.url).post<AuthUser>('/v1/auth/signin', { login, password })

  it('takes the new password after the current one: this device stays, the others and old reset links end', async () => {
    const player = await signUpPlayer(server)
    const laptop = new HttpClient(server.url)
    expect(
      (await laptop.post('/v1/auth/signin', { login: player.email, password: player.password })).status,
    ).toBe(200)
    // a reset link asked for before the change
    expect(
      (await new HttpClient(server.url).post('/v1/auth/password-reset/request', { email: player.email }))
        .status,
    ).toBe(202)
    const resetLink = await nextLinkTo(server.mailer, player.email, '/account/reset-password')

    const fresh = 'the horse was correct after all'
    const changed = await player.client.put('/v1/users/me/password', {
      currentPassword: player.password,
      password: fresh,
    })
    expect(changed.status).toBe(204)
    // this device goes on, the laptop is signed out
    expect((await player.client.get('/v1/auth/info')).status).toBe(200)
    expect((await laptop.get('/v1/auth/info')).status).toBe(401)
    expect((await signIn(player.username, player.password)).status).toBe(401)
    expect((await signIn(player.username, fresh)).status).toBe(200)
    // the link signed the old password's version
    const reset = await new HttpClient(server.url).post<Refused>('/v1/auth/password-reset', {
      ...queryOf(resetLink),
      password: 'somebody else chose this',
    })
    expect(reset.status).toBe(400)
    expect(reset.body.error.code).toBe('invalid_link')

    // the player hears of it, with a link that takes the account back if it was not them
    const notice = await nextMailWithSubject(server.mailer, player.email, 'Your Alpha password was changed')
    const takeBack = await new HttpClient(server.url).post('/v1/auth/password-reset', {
      ...queryOf(linkIn(notice.text || '', '/account/reset-password')),
      password: 'taken back by the owner',
    })
    expect(takeBack.status).toBe(204)
    expect((await signIn(player.username, 'taken back by the owner')).status).toBe(200)
    expect((await player.client.get('/v1/auth/info')).status).toBe(401)
  })

  it('lets a player without a password (social sign-in only) set one by confirming their username', async () => {
    const player = await signUpPlayer(server)
    await dropPassword(server, player)
    const chosen = 'now I have a password too'
    const set = await player.client.put('/v1/users/me/password', {
      currentPassword: player.username,
      password: chosen,
    })
    expect(set.status).toBe(204)
    expect((await signIn(player.email, chosen)).status).toBe(200)
  })

  it('refuses a wrong current password or a weak new one, changing nothing', async () => {
    const player = await signUpPlayer(server)
    const other = new HttpClient(server.url)
    await other.post('/v1/auth/signin', { login: player.username, password: player.password })

    const wrong = await player.client.put<Refused>('/v1/users/me/password', {
      currentPassword: 'this is not my password',
      password: 'a perfectly good new one',
    })
    expect(wrong.status).toBe(403)
    expect(wrong.body.error).toMatchObject({
      code: 'confirmation_failed',
      fields: { currentPassword: 'The password is not correct.' },
    })
    const weak = await player.client.put<Refused>('/v1/users/me/password', {
      currentPassword: player.password,
      password: 'short',
    })
    expect(weak.status).toBe(400)
    expect(weak.body.error.fields?.password).toBe('Please enter a valid password')
    // nothing changed: the old password signs in, the other device is still there
    expect((await signIn(player.username, player.password)).status).toBe(200)
    expect((await other.get('/v1/auth/info')).status).toBe(200)
    // a guest has no password to change
    expect(
      (
        await new HttpClient(server.url).put('/v1/users/me/password', {
          currentPassword: player.password,
          password: 'a perfectly good new one',
        })
      ).status,
    ).toBe(401)
  })
})
