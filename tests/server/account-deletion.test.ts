import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser } from '../../src/api/users'
import { newInvitationCode, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { sessionCountOf, tableCounts, walletTotal } from '../support/db-snapshot'
import { HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

describe.each(dialects)('DELETE /v1/users/me on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(() => server.stop())

  const bankBalance = async () =>
    (
      await server.ctx.db
        .selectFrom('wallets')
        .select('balance')
        .where('address', '=', 'bank')
        .executeTakeFirstOrThrow()
    ).balance

  it('refuses a wrong password with 403 and changes nothing', async () => {
    const player = await signUpPlayer(server)
    const before = await tableCounts(server)
    const total = await walletTotal(server)
    const answer = await player.client.delete('/v1/users/me', { password: `${player.password}!` })
    expect(answer.status).toBe(403)
    expect(answer.body).toEqual({
      error: {
        code: 'confirmation_failed',
        message: 'The password is not correct.',
        fields: { password: 'The password is not correct.' },
      },
    })
    expect(await tableCounts(server)).toEqual(before)
    expect(await walletTotal(server)).toBe(total)
    expect((await player.client.get('/v1/auth/info')).status).toBe(200)
  })

  it('refuses a missing or malformed confirmation with 400, and guests with 401', async () => {
    const player = await signUpPlayer(server)
    const before = await tableCounts(server)
    for (const body of [
      undefined,
      {},
      { password: '' },
      { password: 42 },
      { password: player.password, x: 1 },
    ]) {
      const answer = await player.client.delete<{ error: { code: string } }>('/v1/users/me', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error.code).toBe('validation_failed')
    }
    const guest = await new HttpClient(server.url).delete('/v1/users/me', { password: player.password })
    expect(guest.status).toBe(401)
    expect(await tableCounts(server)).toEqual(before)
  })

  it('deletes the account with the right password and pays its balance to the Bank', async () => {
    const player = await signUpPlayer(server)
    const otherSession = new HttpClient(server.url)
    expect(
      (await otherSession.post('/v1/auth/signin', { login: player.email, password: player.password })).status,
    ).toBe(200)
    // a friend signed up with one of the player's codes
    const friend = await signUpPlayer(server, { invitationCode: player.user.invitationCodes[0]?.code })
    const address = player.user.wallet.address

    const before = await tableCounts(server)
    const total = await walletTotal(server)
    const bank = await bankBalance()
    expect(await sessionCountOf(server, player.user.id)).toBe(2)

    const answer = await player.client.delete('/v1/users/me', { password: player.password })
    expect(answer.status).toBe(204)
    expect(player.client.cookies.has('alpha_session')).toBe(false)

    const db = server.ctx.db
    expect(await db.selectFrom('users').selectAll().where('id', '=', player.user.id).execute()).toEqual([])
    expect(await sessionCountOf(server, player.user.id)).toBe(0)
    expect(
      await db.selectFrom('invitationCodes').selectAll().where('ownerId', '=', player.user.id).execute(),
    ).toEqual([])
    expect(await tableCounts(server)).toEqual({
      users: before.users - 1,
      sessions: before.sessions - 2,
      wallets: before.wallets,
      ledger: before.ledger + 2,
      invitationCodes: before.invitationCodes - 3,
      usedInvitationCodes: before.usedInvitationCodes - 1,
    })

    // the money went to the Bank through the ledger; the total is unchanged
    const wallet = await db
      .selectFrom('wallets')
      .selectAll()
      .where('address', '=', address)
      .executeTakeFirstOrThrow()
    expect(wallet).toMatchObject({ userId: null, balance: 0 })
    expect(await bankBalance()).toBe(bank + 100_00)
    expect(await walletTotal(server)).toBe(total)
    const payments = await db
      .selectFrom('ledger')
      .select(['walletAddress', 'type', 'amount'])
      .where('type', '=', 'payment')
      .where((eb) =>
        eb.or([eb('walletAddress', '=', address), eb('reference', '=', `account-deleted:${address}`)]),
      )
      .orderBy('id')
      .execute()
    expect(payments).toEqual([
      { walletAddress: address, type: 'payment', amount: -100_00 },
      { walletAddress: 'bank', type: 'payment', amount: 100_00 },
    ])
    const ledgerSum = await db
      .selectFrom('ledger')
      .select((eb) => eb.fn.sum<number>('amount').as('sum'))
      .where('walletAddress', '=', address)
      .executeTakeFirstOrThrow()
    expect(Number(ledgerSum.sum)).toBe(0)

    // every session is over, sign-in fails, the friend is untouched
    expect((await otherSession.get('/v1/auth/info')).status).toBe(401)
    for (const login of [player.username, player.email]) {
      const signin = await new HttpClient(server.url).post('/v1/auth/signin', {
        login,
        password: player.password,
      })
      expect(signin.status).toBe(401)
    }
    expect((await friend.client.get('/v1/auth/info')).status).toBe(200)
    expect((await friend.client.get(`/v1/users/${player.user.id}`)).status).toBe(404)

    // the username and the address are free again
    const again = await new HttpClient(server.url).post<AuthUser>('/v1/auth/signup', {
      invitationCode: await newInvitationCode(server),
      email: player.email,
      username: player.username.toUpperCase(),
      password: 'a new life, a new password',
      acceptTerms: true,
    })
    expect(again.status).toBe(201)
    expect(again.body.id).not.toBe(player.user.id)
    expect(again.body.wallet.address).not.toBe(address)
  })

  it('a deleted account cannot be used by a session cookie kept from before', async () => {
    const player = await signUpPlayer(server)
    const token = player.client.cookies.get('alpha_session') ?? ''
    expect((await player.client.delete('/v1/users/me', { password: player.password })).status).toBe(204)
    const replay = new HttpClient(server.url)
    replay.cookies.set('alpha_session', token)
    expect((await replay.get('/v1/auth/info')).status).toBe(401)
    expect((await replay.delete('/v1/users/me', { password: player.password })).status).toBe(401)
  })
})
