import { io, type Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser } from '../../src/api/users'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { nextLinkTo, queryOf } from '../support/mail-links'
import { foreignOriginsOf } from '../support/security'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * Issue 7 item 4, realtime channel: cross-site WebSocket hijacking is refused at the handshake by Origin,
 * and a socket lives no longer than its session (logout, password reset, a sign-in that replaces the
 * session). More on the channel: realtime.test.ts.
 */

const waitMs = 5000
const fingerprint = 'd41d8cd98f00b204e9800998ecf8427e'

function next<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${waitMs} ms`)), waitMs)
    socket.once(event, (value: T) => {
      clearTimeout(timer)
      resolve(value)
    })
  })
}

describe.each(dialects)('security: realtime origin check and socket lifetime on %s', (dialect) => {
  let server: TestServer
  const open: Socket[] = []
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect()
  })
  afterAll(() => server.stop())

  /** Connects as a browser on a page of `origin` would (`null`: no Origin, as a script would). */
  async function connect(origin: string | null = server.url): Promise<Socket> {
    const socket = io(server.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: origin === null ? {} : { origin },
    })
    open.push(socket)
    await Promise.race([
      next(socket, 'connect'),
      next<Error>(socket, 'connect_error').then((e) => Promise.reject(e)),
    ])
    return socket
  }
  const authorize = (socket: Socket, credentials: string) =>
    socket.timeout(waitMs).emitWithAck('authorize', { credentials, fingerprint })
  async function authorized(user: { websocketCredentials: string }): Promise<Socket> {
    const socket = await connect()
    expect(await authorize(socket, user.websocketCredentials)).toBe(true)
    return socket
  }

  it('refuses the handshake of a page on another origin, scheme, port or host name', async () => {
    for (const origin of foreignOriginsOf(server.url)) {
      await expect(connect(origin), origin).rejects.toThrow()
    }
  })

  it('accepts the app origin, and a client without Origin only with credentials', async () => {
    const player = await signUpPlayer(server)
    await authorized(player.user)
    const script = await connect(null)
    expect(await script.timeout(waitMs).emitWithAck('subscribe title ticks', [2494])).toHaveProperty('error')
    expect(await authorize(script, 'A'.repeat(22))).toBe(false)
  })

  it('ends the socket of a session on logout, and its credentials with it', async () => {
    const player = await signUpPlayer(server)
    const socket = await authorized(player.user)
    const ended = next<string>(socket, 'disconnect')
    expect((await player.client.post('/v1/auth/logout')).status).toBe(204)
    expect(await ended).toBe('io server disconnect')
    expect(await authorize(await connect(), player.user.websocketCredentials)).toBe(false)
  })

  it('ends every socket of the account on a password reset', async () => {
    const player = await signUpPlayer(server)
    const phone = new HttpClient(server.url)
    const phoneUser = (
      await phone.post<AuthUser>('/v1/auth/signin', { login: player.email, password: player.password })
    ).body
    const sockets = [await authorized(player.user), await authorized(phoneUser)]
    const ended = sockets.map((s) => next<string>(s, 'disconnect'))
    await new HttpClient(server.url).post('/v1/auth/password-reset/request', { email: player.email })
    const link = queryOf(await nextLinkTo(server.mailer, player.email, '/account/reset-password'))
    const reset = await new HttpClient(server.url).post('/v1/auth/password-reset', {
      ...link,
      password: 'a brand new password of mine',
    })
    expect(reset.status).toBe(204)
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect'])
    for (const user of [player.user, phoneUser])
      expect(await authorize(await connect(), user.websocketCredentials)).toBe(false)
  })

  it('ends the socket of a session that a new sign-in in the same browser replaces', async () => {
    const attacker: SignedUp = await signUpPlayer(server)
    const victim = await signUpPlayer(server)
    const socket = await authorized(attacker.user)
    const ended = next<string>(socket, 'disconnect')
    // the attacker's session cookie in the victim's browser, then the victim signs in there
    const browser = new HttpClient(server.url)
    browser.cookies.set('alpha_session', attacker.client.cookies.get('alpha_session') ?? '')
    expect(
      (await browser.post('/v1/auth/signin', { login: victim.username, password: victim.password })).status,
    ).toBe(200)
    expect(await ended).toBe('io server disconnect')
  })
})
