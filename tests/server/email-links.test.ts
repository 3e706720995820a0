import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiErrorBody } from '../../src/api/errors'
import type { AuthUser } from '../../src/api/users'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { linkIn, listUnsubscribeUrl, nextLinkTo, queryOf, tamperedSignature } from '../support/mail-links'
import { startTestServer, type TestServer } from '../support/test-server'

const invalidLink = { error: { code: 'invalid_link', message: 'This link is invalid or has expired.' } }
const hour = 3600_000

describe.each(dialects)('signed e-mail links on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(() => server.stop())

  const guest = () => new HttpClient(server.url)

  /** A new player and the links of their confirmation mail. */
  async function playerWithConfirmMail() {
    const player = await signUpPlayer(server)
    const mail = await server.mailer.nextMail(player.email)
    return {
      player,
      confirm: queryOf(linkIn(mail.text, '/account/confirm-email')),
      unsubscribe: queryOf(linkIn(mail.text, '/account/unsubscribe-from-email')),
      oneClick: listUnsubscribeUrl(mail.headers?.['List-Unsubscribe']),
    }
  }

  async function resetLink(player: SignedUp): Promise<Record<string, string>> {
    expect((await guest().post('/v1/auth/password-reset/request', { email: player.email })).status).toBe(202)
    return queryOf(await nextLinkTo(server.mailer, player.email, '/account/reset-password'))
  }

  const emailConfirmed = async (player: SignedUp) =>
    (await player.client.get<AuthUser>('/v1/auth/info')).body.emailConfirmed

  async function canSignIn(player: SignedUp, password = player.password): Promise<boolean> {
    const answer = await guest().post('/v1/auth/signin', { login: player.username, password })
    return answer.status === 200
  }

  async function emailChannels(player: SignedUp) {
    const settings = await player.client.get<{
      notifications: { importantMessages: { email: boolean }; dailyCloseout: { email: boolean } }
    }>('/v1/users/me/settings')
    return {
      importantMessages: settings.body.notifications.importantMessages.email,
      dailyCloseout: settings.body.notifications.dailyCloseout.email,
    }
  }

  async function enableEmails(player: SignedUp): Promise<void> {
    const answer = await player.client.patch('/v1/users/me/settings', {
      notifications: { importantMessages: { email: true }, dailyCloseout: { email: true } },
    })
    expect(answer.status).toBe(200)
    expect(await emailChannels(player)).toEqual({ importantMessages: true, dailyCloseout: true })
  }

  describe('confirm e-mail', () => {
    it('confirms with the untouched link, and again harmlessly', async () => {
      const { player, confirm } = await playerWithConfirmMail()
      expect(await emailConfirmed(player)).toBe(false)
      expect((await guest().post('/v1/auth/confirm-email', confirm)).status).toBe(204)
      expect(await emailConfirmed(player)).toBe(true)
      expect((await guest().post('/v1/auth/confirm-email', confirm)).status).toBe(204)
      expect(await emailConfirmed(player)).toBe(true)
    })

    it('mails a signed-in player a new link on request, until the address is confirmed', async () => {
      const { player } = await playerWithConfirmMail()
      const resend = () => player.client.post<ApiErrorBody>('/v1/auth/confirm-email/resend')
      expect((await resend()).status).toBe(202)
      const again = queryOf(await nextLinkTo(server.mailer, player.email, '/account/confirm-email'))
      expect((await guest().post('/v1/auth/confirm-email', again)).status).toBe(204)
      expect(await emailConfirmed(player)).toBe(true)
      const confirmed = await resend()
      expect(confirmed.status).toBe(409)
      expect(confirmed.body.error.code).toBe('email_confirmed')
      expect((await guest().post('/v1/auth/confirm-email/resend')).status).toBe(401)
    })

    it('refuses a tampered signature, user id or e-mail, and an unknown user', async () => {
      const { player, confirm } = await playerWithConfirmMail()
      const other = await signUpPlayer(server)
      const variants = [
        { ...confirm, sgn: tamperedSignature(confirm.sgn ?? '') },
        { ...confirm, sgn: `${confirm.sgn}A` },
        { ...confirm, userId: String(other.user.id) },
        { ...confirm, email: other.email },
        { ...confirm, email: `x${confirm.email}` },
        { ...confirm, userId: '999999' },
      ]
      for (const body of variants) {
        const answer = await guest().post('/v1/auth/confirm-email', body)
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(answer.body).toEqual(invalidLink)
      }
      expect(await emailConfirmed(player)).toBe(false)
      expect(await emailConfirmed(other)).toBe(false)
    })

    it('refuses the signature of another purpose', async () => {
      const { player, unsubscribe } = await playerWithConfirmMail()
      const answer = await guest().post('/v1/auth/confirm-email', unsubscribe)
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual(invalidLink)
      expect(await emailConfirmed(player)).toBe(false)
    })
  })

  describe('unsubscribe', () => {
    it('turns off every e-mail channel by POST /v1/auth/unsubscribe, keeping push', async () => {
      const { player, unsubscribe } = await playerWithConfirmMail()
      await enableEmails(player)
      expect((await guest().post('/v1/auth/unsubscribe', unsubscribe)).status).toBe(204)
      expect(await emailChannels(player)).toEqual({ importantMessages: false, dailyCloseout: false })
      const settings = await player.client.get<{ notifications: { importantMessages: { push: boolean } } }>(
        '/v1/users/me/settings',
      )
      expect(settings.body.notifications.importantMessages.push).toBe(true)
      const row = await server.ctx.db
        .selectFrom('users')
        .select('emailOptOut')
        .where('id', '=', player.user.id)
        .executeTakeFirstOrThrow()
      expect(row.emailOptOut).toBe(1)
    })

    it('answers the RFC 8058 one-click POST of a mail client (form body, no app headers, no cookie)', async () => {
      const { player, oneClick } = await playerWithConfirmMail()
      expect(oneClick.pathname).toBe('/v1/mail/unsubscribe')
      expect([...oneClick.searchParams.keys()].sort()).toEqual(['email', 'sgn', 'userId'])
      await enableEmails(player)
      const answer = await guest().post(
        `${oneClick.pathname}${oneClick.search}`,
        'List-Unsubscribe=One-Click',
        {
          bare: true,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      )
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ status: 'unsubscribed' })
      expect(await emailChannels(player)).toEqual({ importantMessages: false, dailyCloseout: false })
    })

    it('refuses a tampered one-click link, a confirm signature and a missing signature', async () => {
      const { player, oneClick, confirm } = await playerWithConfirmMail()
      await enableEmails(player)
      const tampered = new URL(oneClick)
      tampered.searchParams.set('sgn', tamperedSignature(tampered.searchParams.get('sgn') ?? ''))
      const wrongPurpose = new URL(oneClick)
      wrongPurpose.searchParams.set('sgn', confirm.sgn ?? '')
      const unsigned = new URL(oneClick)
      unsigned.searchParams.delete('sgn')
      for (const url of [tampered, wrongPurpose]) {
        const answer = await guest().post(`${url.pathname}${url.search}`, 'List-Unsubscribe=One-Click', {
          bare: true,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
        expect(answer.status).toBe(400)
        expect(answer.body).toEqual(invalidLink)
      }
      const answer = await guest().post(
        `${unsigned.pathname}${unsigned.search}`,
        'List-Unsubscribe=One-Click',
        {
          bare: true,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      )
      expect(answer.status).toBe(400)
      expect((answer.body as { error: { code: string } }).error.code).toBe('validation_failed')
      // the confirmation signature does not unsubscribe through the API route either
      const viaApi = await guest().post('/v1/auth/unsubscribe', confirm)
      expect(viaApi.status).toBe(400)
      expect(viaApi.body).toEqual(invalidLink)
      expect(await emailChannels(player)).toEqual({ importantMessages: true, dailyCloseout: true })
    })
  })

  describe('password reset', () => {
    const newPassword = 'an entirely new password'

    it('answers 202 alike for known and unknown addresses, mailing only the account', async () => {
      const player = await signUpPlayer(server)
      const unknown = 'nobody-at-all@example.test'
      const known = await guest().post('/v1/auth/password-reset/request', {
        email: player.email.toUpperCase(),
      })
      const notKnown = await guest().post('/v1/auth/password-reset/request', { email: unknown })
      expect(known.status).toBe(202)
      expect(notKnown.status).toBe(202)
      expect(notKnown.body).toEqual(known.body)
      expect(server.mailer.sent.filter((m) => m.to.toLowerCase() === unknown)).toEqual([])
      const mails = server.mailer.sent.filter((m) => m.to === player.email)
      expect(mails.map((m) => m.subject)).toEqual([
        'Confirm your e-mail address for Alpha',
        'Change your Alpha password',
      ])
    })

    it('sets the new password with a link used within the hour', async () => {
      const player = await signUpPlayer(server)
      const link = await resetLink(player)
      expect(Number(link.validUntil) - server.clock.now()).toBeLessThanOrEqual(hour)
      expect(Number(link.validUntil) - server.clock.now()).toBeGreaterThan(hour - 60_000)
      server.clock.advance(hour - 60_000)
      expect((await guest().post('/v1/auth/password-reset', { ...link, password: newPassword })).status).toBe(
        204,
      )
      expect(await canSignIn(player)).toBe(false)
      expect(await canSignIn(player, newPassword)).toBe(true)
    })

    async function expectResetRefused(player: SignedUp, body: Record<string, unknown>): Promise<void> {
      const answer = await guest().post('/v1/auth/password-reset', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body).toEqual(invalidLink)
      expect(await canSignIn(player)).toBe(true)
      expect(await canSignIn(player, String(body.password))).toBe(false)
    }

    it('refuses a tampered signature, user id or validity', async () => {
      const player = await signUpPlayer(server)
      const other = await signUpPlayer(server)
      const link = await resetLink(player)
      await expectResetRefused(player, {
        ...link,
        sgn: tamperedSignature(link.sgn ?? ''),
        password: newPassword,
      })
      await expectResetRefused(player, {
        ...link,
        validUntil: Number(link.validUntil) + 1,
        password: newPassword,
      })
      await expectResetRefused(player, {
        ...link,
        validUntil: Number(link.validUntil) + 24 * hour,
        password: newPassword,
      })
      await expectResetRefused(other, { ...link, userId: other.user.id, password: newPassword })
      await expectResetRefused(player, { ...link, userId: 999999, password: newPassword })
      expect(await canSignIn(other)).toBe(true)
      // the untouched link still works afterwards
      expect((await guest().post('/v1/auth/password-reset', { ...link, password: newPassword })).status).toBe(
        204,
      )
    })

    it('refuses an expired link (older than an hour)', async () => {
      const player = await signUpPlayer(server)
      const link = await resetLink(player)
      server.clock.advance(hour + 1)
      await expectResetRefused(player, { ...link, password: newPassword })
    })

    it('works once: the second use is refused', async () => {
      const player = await signUpPlayer(server)
      const link = await resetLink(player)
      expect((await guest().post('/v1/auth/password-reset', { ...link, password: newPassword })).status).toBe(
        204,
      )
      const again = await guest().post('/v1/auth/password-reset', {
        ...link,
        password: 'and yet another one',
      })
      expect(again.status).toBe(400)
      expect(again.body).toEqual(invalidLink)
      expect(await canSignIn(player, newPassword)).toBe(true)
      expect(await canSignIn(player, 'and yet another one')).toBe(false)
    })

    it('dies with a later password change: an older link stops working', async () => {
      const player = await signUpPlayer(server)
      const older = await resetLink(player)
      const newer = await resetLink(player)
      expect(newer.sgn).not.toBe(older.sgn)
      expect(
        (await guest().post('/v1/auth/password-reset', { ...newer, password: newPassword })).status,
      ).toBe(204)
      const stale = await guest().post('/v1/auth/password-reset', {
        ...older,
        password: 'the stale link password',
      })
      expect(stale.status).toBe(400)
      expect(stale.body).toEqual(invalidLink)
      expect(await canSignIn(player, newPassword)).toBe(true)
    })

    it('refuses a confirm or unsubscribe signature as a reset link', async () => {
      const { player, confirm, unsubscribe } = await playerWithConfirmMail()
      const validUntil = server.clock.now() + hour / 2
      for (const link of [confirm, unsubscribe]) {
        await expectResetRefused(player, {
          userId: link.userId,
          validUntil,
          sgn: link.sgn,
          password: newPassword,
        })
      }
    })

    it('refuses a reset signature for confirm and unsubscribe', async () => {
      const { player } = await playerWithConfirmMail()
      await enableEmails(player)
      const link = await resetLink(player)
      const body = { userId: link.userId, email: player.email, sgn: link.sgn }
      for (const path of ['/v1/auth/confirm-email', '/v1/auth/unsubscribe']) {
        const answer = await guest().post(path, body)
        expect(answer.status).toBe(400)
        expect(answer.body).toEqual(invalidLink)
      }
      expect(await emailConfirmed(player)).toBe(false)
      expect(await emailChannels(player)).toEqual({ importantMessages: true, dailyCloseout: true })
    })

    it('checks the new password like sign-up does', async () => {
      const player = await signUpPlayer(server)
      const link = await resetLink(player)
      const answer = await guest().post('/v1/auth/password-reset', { ...link, password: 'too short' })
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({
        error: {
          code: 'validation_failed',
          message: 'Please enter a valid password',
          fields: { password: 'Please enter a valid password' },
        },
      })
      // the link was not spent
      expect((await guest().post('/v1/auth/password-reset', { ...link, password: newPassword })).status).toBe(
        204,
      )
    })
  })
})
