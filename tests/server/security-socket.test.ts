import { io, type Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser } from '../../src/api/users'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { nextLinkTo, queryOf } from '../support/mail-links'
import { type RawAnswer, rawRequest, websocketHandshakeHeaders } from '../support/raw-http'
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

  describe('handshakes answered with plain HTTP, before any upgrade', () => {
    /** A handshake as sent on the wire: a WebSocket upgrade, or a long-polling GET. */
    function handshake(
      transport: 'websocket' | 'polling',
      query: string,
      origin: string | null = server.url,
    ): Promise<RawAnswer> {
      const lines = [
        `GET /socket.io/?${query}&transport=${transport} HTTP/1.1`,
        `Host: ${new URL(server.url).host}`,
        ...(origin === null ? [] : [`Origin: ${origin}`]),
        ...(transport === 'websocket' ? websocketHandshakeHeaders : ['Connection: close']),
      ]
      return rawRequest(server.url, lines.join('\r\n'))
    }
    function expectRefusal(answer: RawAnswer, status: number, code: string, label: string): void {
      expect(answer.status, `${label}: ${answer.text}`).toBe(status)
      // one answer, and no upgrade before or after it
      expect(answer.text, label).not.toMatch(/101 Switching Protocols/)
      expect(answer.text.match(/^HTTP\/1\.1 /gm), label).toHaveLength(1)
      expect(answer.headers['content-type'], label).toContain('application/json')
      expect(JSON.parse(answer.body).error.code, label).toBe(code)
    }

    it('an Engine.IO revision other than 4 gets a 400 (was: 101, then an error inside the stream)', async () => {
      for (const transport of ['websocket', 'polling'] as const) {
        for (const query of ['EIO=3', 'EIO=2', 'EIO=5', 'EIO=4&EIO=3', 'x=1']) {
          expectRefusal(
            await handshake(transport, query),
            400,
            'unsupported_protocol_version',
            `${transport} ${query}`,
          )
        }
      }
    })

    it('a foreign Origin gets a 403, whatever the revision', async () => {
      for (const transport of ['websocket', 'polling'] as const) {
        for (const origin of foreignOriginsOf(server.url)) {
          for (const query of ['EIO=4', 'EIO=3']) {
            expectRefusal(
              await handshake(transport, query, origin),
              403,
              'cross_origin',
              `${transport} ${origin}`,
            )
          }
        }
      }
    })

    it('the app origin, or no Origin, with revision 4 is upgraded; long polling stays off', async () => {
      for (const origin of [server.url, null]) {
        const upgraded = await handshake('websocket', 'EIO=4', origin)
        expect(upgraded.status, upgraded.text).toBe(101)
        // engine.io's open packet, sent in a WebSocket frame
        expect(upgraded.text).toContain('"upgrades":[]')
        const polling = await handshake('polling', 'EIO=4', origin)
        expect(polling.status).toBe(400)
        expect(polling.text).not.toMatch(/101 Switching Protocols/)
      }
    })
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
