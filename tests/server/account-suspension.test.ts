import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '../../server/auth/sessions.repo'
import { suspendAccount, suspendedText } from '../../server/auth/suspension'
import { tellImportantMessage } from '../../server/game/important-messages'
import type { AuthUser } from '../../src/api/users'
import { groupNews } from '../../src/domain/important-messages'
import { askNewsByMail, confirmEmailOf, signUpPlayer } from '../support/accounts'
import { adminCliOf } from '../support/admin-cli'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

interface Refused {
  error: { code: string; message: string }
}

describe.each(dialects)('an operator suspends a player on %s', (dialect) => {
  let server: TestServer
  /** the admin CLI on the server's database */
  let admin: ReturnType<typeof adminCliOf>
  beforeAll(async () => {
    server = await startTestServer(dialect)
    admin = adminCliOf(server)
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** the ids of the account's sessions in the database */
  const sessionsOf = (userId: number) =>
    server.ctx.db.selectFrom('sessions').select('idHash').where('userId', '=', userId).execute()

  const signIn = (login: string, password: string) =>
    new HttpClient(server.url).post<AuthUser & Refused>('/v1/auth/signin', { login, password })

  it('locks them out: every session ends, sign-in is refused, and unsuspend lets them in again', async () => {
    const player = await signUpPlayer(server)
    const other = await signUpPlayer(server)
    // a second device
    const phone = new HttpClient(server.url)
    expect(
      (await phone.post('/v1/auth/signin', { login: player.email, password: player.password })).status,
    ).toBe(200)

    const suspended = await admin('suspend', player.username)
    expect(suspended.stderr).toBe('')
    expect(suspended.code).toBe(0)
    expect(suspended.stdout.trim()).toBe(
      `${player.username} (id ${player.user.id}) is suspended: 2 session(s) ended`,
    )
    for (const device of [player.client, phone]) expect((await device.get('/v1/auth/info')).status).toBe(401)
    // nobody else is touched
    expect((await other.client.get('/v1/auth/info')).status).toBe(200)

    // the right password learns why; a wrong one learns nothing new
    const refused = await signIn(player.username, player.password)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toEqual({ code: 'account_suspended', message: suspendedText })
    const wrong = await signIn(player.username, 'not the password at all')
    expect(wrong.status).toBe(401)
    expect(wrong.body.error.code).toBe('invalid_credentials')
    expect(await sessionsOf(player.user.id)).toEqual([])

    const twice = await admin('suspend', player.email)
    expect(twice.stdout.trim()).toBe(
      `${player.username} (id ${player.user.id}) was suspended already: 0 session(s) ended`,
    )

    const lifted = await admin('unsuspend', player.email)
    expect(lifted.code).toBe(0)
    expect(lifted.stdout.trim()).toBe(`${player.username} (id ${player.user.id}) may sign in again`)
    const back = await signIn(player.username, player.password)
    expect(back.status).toBe(200)
    // what they had stays
    expect(back.body.wallet.balance).toBe(player.user.wallet.balance)
  })

  it('tells a suspended player no news, by mail or push', async () => {
    const [suspended, control] = [await signUpPlayer(server), await signUpPlayer(server)]
    for (const player of [suspended, control]) {
      await confirmEmailOf(server, player)
      await askNewsByMail(player)
    }
    await suspendAccount(server.ctx.db, suspended.username, server.clock.now())
    const news = groupNews('madeAdmin', { admin: 'owl_keeper', groupName: 'Night owls' })
    expect(await tellImportantMessage(server.ctx, control.user.id, news)).toEqual({ mailed: true, pushed: 0 })
    expect(await tellImportantMessage(server.ctx, suspended.user.id, news)).toEqual({
      mailed: false,
      pushed: 0,
    })
    expect(server.mailer.sent.filter((mail) => mail.subject === news.subject).map((mail) => mail.to)).toEqual(
      [control.email],
    )
  })

  it('refuses an unknown player or a missing one with exit code 2, changing nothing', async () => {
    const suspendedIds = async () =>
      (
        await server.ctx.db.selectFrom('users').select('id').where('suspendedAt', 'is not', null).execute()
      ).map((row) => row.id)
    const before = await suspendedIds()
    const [unknown, missing] = await Promise.all([admin('suspend', 'nobody_here'), admin('unsuspend')])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr.trim()).toBe('no player nobody_here')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('unsuspend needs one PLAYER')
    expect(await suspendedIds()).toEqual(before)
  })

  it('ends a session a sign-in made while the suspension was committed', async () => {
    const player = await signUpPlayer(server)
    await suspendAccount(server.ctx.db, player.username, server.clock.now())
    // the sign-in read the account before the suspension and wrote its session after it
    const late = await createSession(server.ctx.db, player.user.id, server.clock.now())
    const browser = new HttpClient(server.url)
    browser.cookies.set('alpha_session', late.token)
    expect((await browser.get('/v1/auth/info')).status).toBe(401)
    expect(await sessionsOf(player.user.id)).toEqual([])
  })
})
