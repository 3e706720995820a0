import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newInvitationCode, signUpPlayer, uniqueName } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { type StaticBuild, writeStaticBuild } from '../support/static-build'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * Issue 7 item 4, headers: helmet's headers with a strict CSP on every answer (SPA, API, errors,
 * refusals), and a page the CSP lets run: the built index.html loads only same-origin files and has no
 * inline script. The browser side (no CSP violation in the console) is checked by the e2e helper.
 * More: csrf-and-headers.test.ts (headers on refusals), groups-avatars.test.ts (uploads served with
 * `default-src 'none'`).
 */

/** The whole policy: a directive added, dropped or loosened fails here. */
const expectedCsp = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
}

const expectedHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
}

function cspOf(headers: Headers): Record<string, string[]> {
  const csp = headers.get('content-security-policy') ?? ''
  return Object.fromEntries(
    csp
      .split(';')
      .filter((d) => d.trim())
      .map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/)
        return [name, values]
      }),
  )
}

function expectHelmet(headers: Headers, label: string): void {
  expect(cspOf(headers), label).toEqual(expectedCsp)
  for (const [name, value] of Object.entries(expectedHeaders))
    expect(headers.get(name), `${label} ${name}`).toBe(value)
  expect(headers.get('x-powered-by'), label).toBeNull()
  expect(headers.get('access-control-allow-origin'), label).toBeNull()
}

/** The real build when `npm run build` made one, else a stand-in of the same shape. */
const realDist = join(process.cwd(), 'dist')
const useRealDist = existsSync(join(realDist, 'index.html'))

describe.each(dialects)('security: helmet headers and CSP on %s', (dialect) => {
  let server: TestServer
  let https: TestServer
  let standIn: StaticBuild | undefined
  beforeAll(async () => {
    standIn = useRealDist ? undefined : writeStaticBuild()
    const staticDir = standIn?.dir ?? realDist
    ;[server, https] = await Promise.all([
      startTestServer(dialect, { env: { ALPHA_STATIC_DIR: staticDir } }),
      startTestServer(dialect, { env: { ALPHA_STATIC_DIR: staticDir, APP_ORIGIN: 'https://alpha.example' } }),
    ])
  })
  afterAll(async () => {
    await Promise.all([server.stop(), https.stop()])
    standIn?.remove()
  })

  it('are on the SPA, API answers, errors, 404s and refusals, for guests and players', async () => {
    const player = await signUpPlayer(server)
    const guest = new HttpClient(server.url)
    const answers = {
      'the SPA': await guest.get('/'),
      'a deep link of the SPA': await guest.get('/groups'),
      health: await guest.get('/v1/health'),
      'a player read': await player.client.get('/v1/auth/info'),
      // the polled route sends helmet's headers by its own path (server/http/state.routes.ts)
      'the game state': await player.client.get('/v1/stockgame/state'),
      'the game state again': await player.client.get('/v1/stockgame/state'),
      'a guest 401': await guest.get('/v1/auth/info'),
      'an unknown route': await guest.get('/v1/nothing-here'),
      'a CSRF refusal': await player.client.post('/v1/auth/logout', undefined, { bare: true }),
      'a validation error': await player.client.post('/v1/auth/signin', { login: '' }),
      'the OpenAPI document': await guest.get('/v1/openapi.json'),
    }
    for (const [label, answer] of Object.entries(answers)) expectHelmet(answer.headers, label)
    expect(answers['the SPA'].headers.get('content-type')).toMatch(/^text\/html/)
  })

  it('answers that carry credentials are never stored (Cache-Control: no-store)', async () => {
    const browser = new HttpClient(server.url)
    const username = uniqueName()
    const password = 'correct horse battery staple'
    const answers = {
      // the session cookie and the websocket credentials
      'sign-up': await browser.post('/v1/auth/signup', {
        invitationCode: await newInvitationCode(server),
        email: `${username}@example.test`,
        username,
        password,
        acceptTerms: true,
      }),
      'sign-in': await browser.post('/v1/auth/signin', { login: username, password }),
      // the websocket credentials
      'who am I': await browser.get('/v1/auth/info'),
      // the cookie's removal
      logout: await browser.post('/v1/auth/logout'),
    }
    expect(Object.values(answers).map((a) => a.status)).toEqual([201, 200, 200, 204])
    for (const [label, answer] of Object.entries(answers)) {
      expect(answer.headers.get('cache-control'), label).toBe('no-store')
      expectHelmet(answer.headers, label)
    }
    expect(answers['who am I'].body).toHaveProperty('websocketCredentials')
    expect(answers['sign-in'].headers.get('set-cookie')).toMatch(/^alpha_session=/)
  })

  it('plain http: no HSTS and no upgrade-insecure-requests; https APP_ORIGIN: both', async () => {
    const plain = await new HttpClient(server.url).get('/v1/health')
    expect(plain.headers.get('strict-transport-security')).toBeNull()
    const secure = await new HttpClient(https.url).get('/v1/health')
    expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}; includeSubDomains$/)
    const { 'upgrade-insecure-requests': upgrade, ...rest } = cspOf(secure.headers)
    expect(upgrade).toEqual([])
    expect(rest).toEqual(expectedCsp)
  })

  it(`the ${useRealDist ? 'built' : 'stand-in'} index.html satisfies the CSP: same-origin files only, nothing inline`, async () => {
    const page = await new HttpClient(server.url).get<string>('/')
    const html = page.body
    expect(html).toMatch(/<div id="root"[^>]*>/)
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes = '', content = ''] of scripts) {
      expect(content.trim(), 'inline script').toBe('')
      expect(attributes).toMatch(/\bsrc="\/[^/]/)
    }
    // every URL the page loads: same origin (a path), never another host, data: or javascript:
    for (const [, , url = ''] of html.matchAll(/\b(src|href)="([^"]*)"/gi))
      expect(url, url).toMatch(/^\/(?!\/)/)
    expect(html, 'inline event handler').not.toMatch(/<[^>]+\son[a-z]+\s*=/i)
    expect(html, 'a policy of its own').not.toMatch(/http-equiv=["']?content-security-policy/i)
    expect(html).not.toMatch(/<base\b/i)
  })
})
