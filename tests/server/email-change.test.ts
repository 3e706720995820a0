import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiErrorBody } from '../../src/api/errors'
import type { AuthUser } from '../../src/api/users'
import { dropPassword, type SignedUp, signUpPlayer, uniqueName } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { linkIn, nextLinkTo, nextMailWithSubject, queryOf, tamperedSignature } from '../support/mail-links'
import { startTestServer, type TestServer } from '../support/test-server'

const hour = 3600_000
const changePath = '/account/change-email'

describe.each(dialects)('a player changes their e-mail address on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(() => server.stop())

  const guest = () => new HttpClient(server.url)
  const newAddress = () => `${uniqueName('moved')}@example.test`

  const askChange = (player: SignedUp, email: string, password = player.password) =>
    player.client.put<ApiErrorBody>('/v1/users/me/email', { email, password })

  const openLink = (link: Record<string, string>) => guest().post<ApiErrorBody>('/v1/auth/change-email', link)

  async function addressOf(player: SignedUp) {
    const info = await player.client.get<AuthUser>('/v1/auth/info')
    expect(info.status).toBe(200)
    return { email: info.body.email, confirmed: info.body.emailConfirmed }
  }

  const signsInWith = async (login: string, player: SignedUp) =>
    (await guest().post('/v1/auth/signin', { login, password: player.password })).status === 200

  /** the player asks to move to `to`; the link mailed there */
  async function changeLink(player: SignedUp, to: string) {
    expect((await askChange(player, to)).status).toBe(202)
    return queryOf(await nextLinkTo(server.mailer, to, changePath))
  }

  const mailedTo = (address: string) => server.mailer.sent.filter((mail) => mail.to === address)

  it('moves the account only when the link mailed to the new address is opened, once', async () => {
    const player = await signUpPlayer(server)
    const to = newAddress()
    const link = await changeLink(player, to)
    expect(link.from).toBe(player.email)
    // nothing changed yet: a mistyped address costs nothing
    expect(await addressOf(player)).toEqual({ email: player.email, confirmed: false })
    expect(await signsInWith(to, player)).toBe(false)

    expect((await openLink(link)).status).toBe(204)
    // the link was read at the new address: it is confirmed
    expect(await addressOf(player)).toEqual({ email: to, confirmed: true })
    expect(await signsInWith(to, player)).toBe(true)
    expect(await signsInWith(player.email, player)).toBe(false)
    // the reset mail goes to the new address
    expect((await guest().post('/v1/auth/password-reset/request', { email: to })).status).toBe(202)
    await nextLinkTo(server.mailer, to, '/account/reset-password')

    const again = await openLink(link)
    expect(again.status).toBe(400)
    expect(again.body.error.code).toBe('invalid_link')
  })

  it('tells the old address, whose link takes the account back and signs every device out', async () => {
    const player = await signUpPlayer(server)
    const laptop = new HttpClient(server.url)
    expect(
      (await laptop.post('/v1/auth/signin', { login: player.username, password: player.password })).status,
    ).toBe(200)
    const to = newAddress()
    expect((await openLink(await changeLink(player, to))).status).toBe(204)
    const notice = await nextMailWithSubject(
      server.mailer,
      player.email,
      'Your Alpha e-mail address was changed',
    )
    expect(notice.text).toContain(to)
    const takeBack = queryOf(linkIn(notice.text || '', changePath))
    // whoever changed it changes it again: the take-back does not depend on the address now
    const further = newAddress()
    expect((await openLink(await changeLink(player, further))).status).toBe(204)

    expect((await openLink(takeBack)).status).toBe(204)
    expect(await signsInWith(player.email, player)).toBe(true)
    expect(await signsInWith(further, player)).toBe(false)
    expect((await player.client.get('/v1/auth/info')).status).toBe(401)
    expect((await laptop.get('/v1/auth/info')).status).toBe(401)
    // opened again, it does nothing, and signs nobody out
    const owner = new HttpClient(server.url)
    expect(
      (await owner.post('/v1/auth/signin', { login: player.email, password: player.password })).status,
    ).toBe(200)
    expect((await openLink(takeBack)).status).toBe(204)
    expect((await owner.get('/v1/auth/info')).status).toBe(200)
  })

  it('refuses a wrong password, the same address, another account’s address or a bad one, mailing nothing', async () => {
    const player = await signUpPlayer(server)
    const other = await signUpPlayer(server)
    const to = newAddress()

    const wrong = await askChange(player, to, 'this is not my password')
    expect(wrong.status).toBe(403)
    expect(wrong.body.error.code).toBe('confirmation_failed')
    expect(wrong.body.error.fields).toEqual({ password: 'The password is not correct.' })

    const same = await askChange(player, player.email.toUpperCase())
    expect(same.status).toBe(400)
    expect(same.body.error.fields).toEqual({ email: 'This is your e-mail address already.' })

    const taken = await askChange(player, other.email)
    expect(taken.status).toBe(409)
    expect(taken.body.error.code).toBe('email_taken')

    expect((await askChange(player, 'not an address')).status).toBe(400)
    expect((await guest().put('/v1/users/me/email', { email: to, password: player.password })).status).toBe(
      401,
    )

    expect(mailedTo(to)).toEqual([])
    expect(mailedTo(other.email).filter((mail) => mail.text?.includes(changePath))).toEqual([])
    expect(await addressOf(player)).toEqual({ email: player.email, confirmed: false })
  })

  it('refuses a link that expired, was tampered with, or whose address changed meanwhile', async () => {
    const player = await signUpPlayer(server)
    const first = await changeLink(player, newAddress())
    const to = newAddress()
    const second = await changeLink(player, to)

    expect((await openLink({ ...second, sgn: tamperedSignature(second.sgn ?? '') })).status).toBe(400)
    expect((await openLink({ ...second, email: newAddress() })).status).toBe(400)
    // a confirmation made into a take-back (no `from`) is refused: the purposes are signed apart
    const { from: _, ...withoutFrom } = second
    expect((await openLink(withoutFrom)).status).toBe(400)

    expect((await openLink(second)).status).toBe(204)
    // the first link replaces an address the account no longer has
    const stale = await openLink(first)
    expect(stale.status).toBe(400)
    expect(stale.body.error.code).toBe('invalid_link')

    const late = await changeLink(player, newAddress())
    server.clock.advance(24 * hour + 1)
    expect((await openLink(late)).status).toBe(400)
    expect(await addressOf(player)).toEqual({ email: to, confirmed: true })
  })

  it('refuses the link when another account took the address since, changing nothing', async () => {
    const player = await signUpPlayer(server)
    const to = newAddress()
    const link = await changeLink(player, to)
    await signUpPlayer(server, { email: to })
    const refused = await openLink(link)
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('email_taken')
    expect(await addressOf(player)).toEqual({ email: player.email, confirmed: false })
  })

  it('lets a player without a password (social sign-in only) confirm with their username', async () => {
    const player = await signUpPlayer(server)
    await dropPassword(server, player)
    const to = newAddress()
    expect((await askChange(player, to, player.username)).status).toBe(202)
    expect((await openLink(queryOf(await nextLinkTo(server.mailer, to, changePath)))).status).toBe(204)
    expect((await addressOf(player)).email).toBe(to)
  })
})
