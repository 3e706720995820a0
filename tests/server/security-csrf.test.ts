import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RouteInfo, routesOf } from '../../server/app'
import { oneClickUnsubscribePath } from '../../server/http/mail-unsubscribe.routes'
import type { Group } from '../../src/api/groups'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { describeChanges, rowChanges } from '../support/db-rows'
import { createGroup } from '../support/groups'
import { HttpClient, type RequestOptions } from '../support/http-client'
import { type RawAnswer, rawRequest } from '../support/raw-http'
import { errorCode, foreignOriginsOf, RowWatch } from '../support/security'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * Issue 7 item 4, CSRF: every cookie-authenticated write needs the x-app-version header (a cross-site page
 * cannot send it without a CORS preflight, which is never granted) and a same-origin Origin (or
 * Sec-Fetch-Site). The route list comes from the app itself, so a route added later is covered.
 * Details of the check (non-browser clients, preflight, Sec-Fetch-Site same-origin): csrf-and-headers.test.ts.
 */

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The spec's GET routes that write: they must be defended like POST. */
const writingGets = ['/v1/stockgame/groups/:groupId/leave', '/v1/stockgame/groups/:groupId/delete']
/** Authenticated by its signed link alone (RFC 8058 one-click from a mail client), never by the cookie. */
const exempt = [oneClickUnsubscribePath]

describe.each(dialects)('security: CSRF defence of every unsafe route on %s', (dialect) => {
  let server: TestServer
  let player: SignedUp
  let group: Group
  let rows: RowWatch
  let unsafe: RouteInfo[]

  beforeAll(async () => {
    server = await startTestServer(dialect)
    player = await signUpPlayer(server)
    // the player is the admin of a group, so a forged save, members change or delete would act
    group = await createGroup(player, { name: 'Victims' })
    rows = await RowWatch.of(server, dialect)
    unsafe = routesOf(server.app).filter(
      (r) => r.url.startsWith('/v1/') && (!safeMethods.has(r.method) || writingGets.includes(r.url)),
    )
  })
  afterAll(() => server.stop())

  /** A concrete path of a route: the victim's own group, wallet and account where a route names one. */
  function pathOf(route: RouteInfo): string {
    const values: Record<string, string> = {
      groupId: String(group.id),
      user: 'me',
      messageId: 'm1',
      pollId: '1',
      provider: 'google',
      id: '2494',
      handle: 'ann',
      file: 'a.png',
      walletAddress: player.user.wallet.address,
    }
    return route.url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? 'x').replace('*', 'index.html')
  }

  it('finds the writes to check in the app: every POST, PATCH and DELETE under /v1 and the writing GETs', () => {
    const names = unsafe.map((r) => `${r.method} ${r.url}`)
    // a sample that must be there; the walk below covers whatever else is registered
    for (const name of [
      'POST /v1/auth/signin',
      'POST /v1/auth/logout',
      'PATCH /v1/users/:user/settings',
      'DELETE /v1/users/me',
      'POST /v1/stockgame/tagged-messages/:messageId/tag',
      'POST /v1/stockgame/polls/:pollId/vote',
      'POST /v1/stockgame/groups/:groupId/save',
      'POST /v1/stockgame/groups/:groupId/avatar',
      'GET /v1/stockgame/groups/:groupId/delete',
      'PATCH /v1/session',
      'POST /v1/test/clock',
    ])
      expect(names).toContain(name)
    expect(unsafe.length).toBeGreaterThanOrEqual(20)
  })

  it('every path used below reaches its route (a guest with the app headers is answered by the route)', async () => {
    const guest = new HttpClient(server.url)
    for (const route of unsafe) {
      if (route.method === 'GET') continue // a guest's leave or delete is refused with 401 alike
      const answer = await guest.request(route.method, pathOf(route), {})
      const message = (answer.body as { error?: { message?: string } }).error?.message ?? ''
      expect(message, `${route.method} ${route.url}`).not.toMatch(/^No route/)
    }
  })

  it('refuses each write without x-app-version, from a foreign Origin, or cross-site by Sec-Fetch-Site, and changes nothing', async () => {
    const foreign = foreignOriginsOf(server.url)
    const variants: { label: string; options: RequestOptions; code: string }[] = [
      {
        label: 'no x-app-version',
        options: { bare: true, headers: { origin: server.url } },
        code: 'app_version_required',
      },
      {
        label: 'a cross-site HTML form',
        options: {
          bare: true,
          headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        },
        code: 'app_version_required',
      },
      ...foreign.map((origin) => ({
        label: `Origin ${origin}`,
        options: { headers: { origin } },
        code: 'cross_origin',
      })),
      {
        label: 'Sec-Fetch-Site cross-site without Origin',
        options: { bare: true, headers: { 'x-app-version': 'test', 'sec-fetch-site': 'cross-site' } },
        code: 'cross_origin',
      },
    ]
    const checked: string[] = []
    for (const route of unsafe) {
      if (exempt.includes(route.url)) continue
      const name = `${route.method} ${route.url}`
      // the variants of one route at once; the rows are compared around all of them
      const answers = await rows.expectRefused(name, () =>
        Promise.all(
          variants.map(({ options }) => {
            const form = options.headers?.['content-type']?.includes('form')
            const body = route.method === 'GET' ? undefined : form ? 'a=b' : {}
            return player.client.request(route.method, pathOf(route), body, options)
          }),
        ),
      )
      variants.forEach((variant, i) => {
        const answer = answers[i]
        expect([answer?.status, errorCode(answer)], `${name} with ${variant.label}`).toEqual([
          403,
          variant.code,
        ])
      })
      checked.push(route.url)
    }
    expect(checked.length).toBe(unsafe.length - exempt.length)
    // still signed in, still the admin of the group
    expect((await player.client.get('/v1/auth/info')).status).toBe(200)
    expect((await player.client.get<Group>(`/v1/stockgame/groups/${group.id}`)).body.isAdmin).toBe(true)
  })

  describe('whatever the spelling of the path', () => {
    /**
     * Targets the router takes for `path` (`/v1/…`) although they do not start with `/v1/`: percent-encoded
     * unreserved characters (RFC 3986 §2.3: the router matches the decoded path) and the absolute form
     * (RFC 9112 §3.2.2: the router goes by the path, whatever the scheme and host). Sent raw over TCP:
     * fetch and inject would not send some of them as written.
     */
    function spellingsOf(path: string): string[] {
      const rest = path.slice('/v1/'.length)
      const host = new URL(server.url).host
      const first = `%${rest.charCodeAt(0).toString(16)}${rest.slice(1)}`
      return [
        `/%761/${rest}`,
        `/v%31/${rest}`,
        `/%76%31/${rest}`,
        `/v1/${first}`,
        `http://${host}/v1/${rest}`,
        `http://${host}/%761/${rest}`,
        `https://evil.example/v%31/${rest}`,
      ]
    }
    /** Three writes a forged page would love: join a group, sign out, change the settings. */
    function writesOf(groupId: number) {
      return [
        { method: 'POST', path: `/v1/stockgame/groups/${groupId}/join`, body: '' },
        { method: 'PATCH', path: '/v1/users/me/settings', body: '{"watchList":[7,8,9]}' },
        { method: 'POST', path: '/v1/auth/logout', body: '' },
      ]
    }
    function send(
      who: SignedUp,
      write: { method: string; body: string },
      target: string,
      headers: string[],
    ): Promise<RawAnswer> {
      const cookie = [...who.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
      const lines = [
        `${write.method} ${target} HTTP/1.1`,
        `Host: ${new URL(server.url).host}`,
        `Cookie: ${cookie}`,
        'Connection: close',
        ...headers,
        ...(write.body
          ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(write.body)}`]
          : []),
      ]
      return rawRequest(server.url, lines.join('\r\n'), write.body)
    }

    it('each spelling reaches the route (the app itself gets through)', async () => {
      const owner = await signUpPlayer(server)
      const open = await createGroup(owner, { name: 'Open doors', publicGroup: true })
      const player = await signUpPlayer(server)
      // the routes one after the other: the logout ends the session the others need
      for (const write of writesOf(open.id)) {
        for (const target of spellingsOf(write.path)) {
          const answer = await send(player, write, target, ['X-App-Version: test', `Origin: ${server.url}`])
          expect([200, 204], `${write.method} ${target}: ${answer.status} ${answer.body}`).toContain(
            answer.status,
          )
        }
      }
    })

    it('refuses each spelling of a write from a foreign page, and changes nothing', async () => {
      const owner = await signUpPlayer(server)
      const open = await createGroup(owner, { name: 'Open house', publicGroup: true })
      const variants = [
        { headers: ['Origin: https://evil.example'], code: 'app_version_required' },
        {
          headers: ['Origin: https://evil.example', 'Content-Type: application/x-www-form-urlencoded'],
          code: 'app_version_required',
        },
        { headers: ['X-App-Version: test', 'Origin: https://evil.example'], code: 'cross_origin' },
        { headers: ['X-App-Version: test', 'Sec-Fetch-Site: cross-site'], code: 'cross_origin' },
      ]
      for (const write of writesOf(open.id)) {
        for (const target of spellingsOf(write.path)) {
          const answers = await rows.expectRefused(`${write.method} ${target}`, async () => {
            const raw = await Promise.all(variants.map((v) => send(player, write, target, v.headers)))
            return raw.map((r) => ({ status: r.status, headers: new Headers(), body: JSON.parse(r.body) }))
          })
          variants.forEach((variant, i) => {
            expect(
              [answers[i]?.status, errorCode(answers[i])],
              `${write.method} ${target} ${variant.headers}`,
            ).toEqual([403, variant.code])
          })
        }
      }
      // still signed in, and not a member of the group
      expect((await player.client.get('/v1/auth/info')).status).toBe(200)
      expect((await player.client.get<Group>(`/v1/stockgame/groups/${open.id}`)).body.memberStatus).toBeNull()
    })
  })

  it('the one exempt route ignores the cookie: without its signed link it is refused and changes nothing', async () => {
    expect(unsafe.filter((r) => exempt.includes(r.url)).map((r) => r.url)).toEqual(exempt)
    await rows.expectRefused('one-click unsubscribe without a signature', () =>
      player.client.post(
        `${oneClickUnsubscribePath}?userId=${player.user.id}`,
        'List-Unsubscribe=One-Click',
        {
          bare: true,
          headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        },
      ),
    )
  })

  it('no other GET route changes anything when a foreign page loads it with the cookie', async () => {
    const gets = routesOf(server.app).filter(
      (r) => r.method === 'GET' && r.url.startsWith('/v1/') && !writingGets.includes(r.url),
    )
    expect(gets.length).toBeGreaterThan(20)
    const before = await rows.take()
    const answers = await Promise.all(
      gets.map((route) =>
        player.client.get(pathOf(route), {
          bare: true,
          headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        }),
      ),
    )
    gets.forEach((route, i) => {
      // answered, and never with a CORS grant that would let the foreign page read it
      expect(answers[i]?.status, route.url).toBeLessThan(500)
      expect(answers[i]?.headers.get('access-control-allow-origin'), route.url).toBeNull()
    })
    expect(describeChanges(rowChanges(before, await rows.take()))).toEqual([])
  })
})
