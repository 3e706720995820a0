import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { sessionCountOf, tableCounts } from '../support/db-snapshot'
import { HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

const appVersionRequired = {
  error: { code: 'app_version_required', message: 'The x-app-version header is required.' },
}
const crossOrigin = { error: { code: 'cross_origin', message: 'Cross-origin requests are not allowed.' } }

describe.each(dialects)('CSRF defence and security headers on %s', (dialect) => {
  let server: TestServer
  let player: SignedUp
  beforeAll(async () => {
    server = await startTestServer(dialect)
    player = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  const settings = async () => (await player.client.get('/v1/users/me/settings')).body

  describe('unsafe methods need x-app-version and the same origin', () => {
    it('refuses a write without x-app-version (what a cross-site form sends) and changes nothing', async () => {
      const before = await settings()
      const patch = await player.client.patch(
        '/v1/users/me/settings',
        { isFirstTimeUser: false },
        { bare: true, headers: { origin: server.url } },
      )
      expect(patch.status).toBe(403)
      expect(patch.body).toEqual(appVersionRequired)
      expect(await settings()).toEqual(before)

      const logout = await player.client.post('/v1/auth/logout', undefined, { bare: true })
      expect(logout.status).toBe(403)
      expect((await player.client.get('/v1/auth/info')).status).toBe(200)

      const counts = await tableCounts(server)
      const signin = await new HttpClient(server.url).post(
        '/v1/auth/signin',
        { login: player.username, password: player.password },
        { bare: true },
      )
      expect(signin.status).toBe(403)
      expect(signin.headers.get('set-cookie')).toBeNull()
      expect(await tableCounts(server)).toEqual(counts)
    })

    it('refuses a foreign, opaque or other-port Origin', async () => {
      const before = await settings()
      const sessions = await sessionCountOf(server, player.user.id)
      const port = new URL(server.url).port
      for (const origin of [
        'https://evil.example',
        'null',
        `http://127.0.0.1:${Number(port) + 1}`,
        'not a url',
      ]) {
        const headers = { origin }
        const patch = await player.client.patch(
          '/v1/users/me/settings',
          { isFirstTimeUser: false },
          { headers },
        )
        expect(patch.status, origin).toBe(403)
        expect(patch.body).toEqual(crossOrigin)
        const del = await player.client.delete('/v1/users/me', { password: player.password }, { headers })
        expect(del.status).toBe(403)
        const signin = await new HttpClient(server.url).post(
          '/v1/auth/signin',
          { login: player.username, password: player.password },
          { headers },
        )
        expect(signin.status).toBe(403)
      }
      expect(await settings()).toEqual(before)
      expect(await sessionCountOf(server, player.user.id)).toBe(sessions)
    })

    it('without Origin, goes by Sec-Fetch-Site: cross-site and same-site are refused', async () => {
      const before = await settings()
      for (const site of ['cross-site', 'same-site']) {
        const answer = await player.client.patch(
          '/v1/users/me/settings',
          { isFirstTimeUser: false },
          { bare: true, headers: { 'x-app-version': 'test', 'sec-fetch-site': site } },
        )
        expect(answer.status, site).toBe(403)
        expect(answer.body).toEqual(crossOrigin)
      }
      expect(await settings()).toEqual(before)
      const sameOrigin = await player.client.patch(
        '/v1/users/me/settings',
        { watchList: [1, 2] },
        { bare: true, headers: { 'x-app-version': 'test', 'sec-fetch-site': 'same-origin' } },
      )
      expect(sameOrigin.status).toBe(200)
    })

    it('lets a non-browser client (x-app-version, neither Origin nor Sec-Fetch-Site) write', async () => {
      const answer = await player.client.patch(
        '/v1/users/me/settings',
        { watchList: [3] },
        { bare: true, headers: { 'x-app-version': 'cli' } },
      )
      expect(answer.status).toBe(200)
      expect((await settings()) as object).toMatchObject({ watchList: [3] })
    })

    it('checks an unsafe method whatever the path, one that no route takes too', async () => {
      for (const path of ['/v2/auth/logout', '/rankings', '/socket.io-not/x']) {
        const foreign = await player.client.post(path, undefined, {
          bare: true,
          headers: { origin: 'https://evil.example' },
        })
        expect(foreign.status, path).toBe(403)
        expect(foreign.body).toEqual(appVersionRequired)
        // the app's own request gets the 404 it always had
        const own = await player.client.post<{ error: { code: string } }>(path)
        expect(own.status, path).toBe(404)
        expect(own.body.error.code).toBe('not_found')
      }
      expect((await player.client.get('/v1/auth/info')).status).toBe(200)
    })

    it('lets reads through without the header', async () => {
      const answer = await player.client.get('/v1/auth/info', {
        bare: true,
        headers: { origin: 'https://evil.example' },
      })
      expect(answer.status).toBe(200)
      expect(answer.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('grants no CORS preflight to a foreign origin', async () => {
      const answer = await new HttpClient(server.url).request('OPTIONS', '/v1/users/me/settings', undefined, {
        bare: true,
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'x-app-version, content-type',
        },
      })
      expect(answer.headers.get('access-control-allow-origin')).toBeNull()
      expect(answer.headers.get('access-control-allow-headers')).toBeNull()
    })
  })

  describe('helmet headers', () => {
    function expectSecurityHeaders(headers: Headers): void {
      const csp = headers.get('content-security-policy') ?? ''
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/)
          return [name, values] as const
        }),
      )
      expect(directives.get('script-src')).toEqual(["'self'"])
      expect(directives.get('default-src')).toEqual(["'self'"])
      expect(directives.get('frame-ancestors')).toEqual(["'none'"])
      expect(directives.get('object-src')).toEqual(["'none'"])
      expect(directives.has('upgrade-insecure-requests')).toBe(false)
      expect(headers.get('x-content-type-options')).toBe('nosniff')
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN')
      expect(headers.get('referrer-policy')).toBe('no-referrer')
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin')
      // plain http in tests: no HSTS
      expect(headers.get('strict-transport-security')).toBeNull()
      expect(headers.get('x-powered-by')).toBeNull()
    }

    it('are on API answers, errors and refusals alike', async () => {
      expectSecurityHeaders((await player.client.get('/v1/health')).headers)
      expectSecurityHeaders((await player.client.get('/v1/auth/info')).headers)
      expectSecurityHeaders((await new HttpClient(server.url).get('/v1/auth/info')).headers)
      expectSecurityHeaders((await player.client.get('/v1/nothing-here')).headers)
      expectSecurityHeaders((await player.client.post('/v1/auth/logout', undefined, { bare: true })).headers)
      expectSecurityHeaders((await player.client.post('/v1/auth/signin', { login: '' })).headers)
    })
  })
})
