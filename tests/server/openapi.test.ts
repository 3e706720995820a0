import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routesOf } from '../../server/app'
import { apiDocsPath, openApiPath } from '../../server/http/openapi'
import { apiErrorSchema } from '../../src/api/errors'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { describeChanges, rowChanges, short, snapshot, tableNames } from '../support/db-rows'
import { HttpClient } from '../support/http-client'
import { arbitraryFromJsonSchema, type JsonSchema } from '../support/json-schema-arbitrary'
import { startTestServer, type TestServer } from '../support/test-server'

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema: JsonSchema
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}
interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, Operation>>
}

/** `/v1/users/:user` as OpenAPI writes it: `/v1/users/{user}`. */
const openApiPathOf = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

/** Routes that are not part of the API contract: the document itself, its docs page, the test clock. */
const undocumented = (url: string) =>
  url === openApiPath || url.startsWith(apiDocsPath) || url === '/v1/test/clock'

const unsafe = new Set(['post', 'put', 'patch', 'delete'])
/** Requests per documented operation and caller: a quick property run in every CI build. */
const runsPerOperation = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 4

describe.each(dialects)('the OpenAPI document on %s', (dialect) => {
  let server: TestServer
  let player: SignedUp
  let document: OpenApiDocument

  beforeAll(async () => {
    server = await startTestServer(dialect)
    player = await signUpPlayer(server)
    const answer = await new HttpClient(server.url).get<OpenApiDocument>(openApiPath)
    expect(answer.status).toBe(200)
    document = answer.body
  })
  afterAll(async () => {
    server?.app.server.closeAllConnections()
    await server?.stop()
  })

  it('is an OpenAPI 3.1 document of every /v1 route the server has', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.title).toBe('Alpha game API')
    const served = routesOf(server.app)
      .filter((route) => route.url.startsWith('/v1/') && !undocumented(route.url) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${openApiPathOf(route.url)}`)
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(served.length).toBeGreaterThan(40)
    expect(documented.filter((operation) => !served.includes(operation))).toEqual([])
    expect(served.filter((operation) => !documented.includes(operation))).toEqual([])
  })

  it('carries the request schemas the server validates with', () => {
    const signUp = document.paths['/v1/auth/signup']?.post?.requestBody?.content['application/json']?.schema
    expect(signUp?.required).toEqual(
      expect.arrayContaining(['invitationCode', 'email', 'username', 'password', 'acceptTerms']),
    )
    const vote = document.paths['/v1/stockgame/polls/{pollId}/vote']?.post
    expect(vote?.parameters?.find((p) => p.in === 'path')?.name).toBe('pollId')
    expect(vote?.requestBody?.content['application/json']?.schema.properties?.vote?.enum).toEqual(
      expect.arrayContaining(['up', 'flat', 'down']),
    )
  })

  it('has a docs page that loads under the app’s content security policy', async () => {
    const client = new HttpClient(server.url)
    let answer = await client.get<string>(apiDocsPath, { bare: true })
    for (let hops = 0; answer.status >= 300 && answer.status < 400 && hops < 3; hops += 1) {
      const location = new URL(answer.headers.get('location') ?? '', `${server.url}${apiDocsPath}/`)
      answer = await client.get<string>(location.pathname, { bare: true })
    }
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/html')
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'")
    const scripts = [...answer.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes, inline] of scripts) {
      // under script-src 'self' only same-origin files run: no inline code, no foreign host
      expect(inline?.trim()).toBe('')
      expect(attributes).not.toMatch(/src=["']?(https?:)?\/\//)
    }
  })

  it.each(['guest', 'player'] as const)(
    'answers requests drawn from the document as a %s without a 5xx; a refused one changes no row',
    { timeout: 180_000 },
    async (caller) => {
      const tables = await tableNames(server.ctx.db, dialect)
      let baseline = await snapshot(server.ctx.db, dialect, tables)
      const client = caller === 'player' ? player.client : new HttpClient(server.url)
      const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
        Object.entries(byMethod)
          .filter(([method]) => !(caller === 'player' && path === '/v1/auth/logout' && method === 'post'))
          .filter(
            ([, operation]) => operation.parameters !== undefined || operation.requestBody !== undefined,
          )
          .map(([method, operation]) => ({ path, method, operation })),
      )
      expect(operations.length).toBeGreaterThan(20)
      for (const [index, { path, method, operation }] of operations.entries()) {
        const parameters = operation.parameters ?? []
        const request = fc.record({
          path: fc.record(
            Object.fromEntries(
              parameters
                .filter((p) => p.in === 'path')
                .map((p) => [p.name, arbitraryFromJsonSchema(p.schema)]),
            ),
          ),
          query: fc.record(
            Object.fromEntries(
              parameters
                .filter((p) => p.in === 'query')
                .map((p) => [p.name, arbitraryFromJsonSchema(p.schema)]),
            ),
            { requiredKeys: [] },
          ),
          body: operation.requestBody?.content['application/json']
            ? arbitraryFromJsonSchema(operation.requestBody.content['application/json'].schema)
            : fc.constant(undefined),
        })
        await fc.assert(
          fc.asyncProperty(request, async ({ path: params, query, body }) => {
            const url =
              path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) =>
                encodeURIComponent(String(params[name] ?? '')),
              ) +
              (Object.keys(query).length > 0
                ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))}`
                : '')
            const answer = await client.request(method.toUpperCase(), url, body)
            const after = await snapshot(server.ctx.db, dialect, tables)
            const before = baseline
            baseline = after
            const what = `${method.toUpperCase()} ${url} ${short(JSON.stringify(body) ?? '')} -> ${answer.status}`
            expect(answer.status, what).toBeLessThan(500)
            if (answer.status >= 400) {
              expect(apiErrorSchema.safeParse(answer.body).success, `${what}: error body`).toBe(true)
              // the sign-in throttle counts a wrong password: the one write a refusal may make
              const changes = describeChanges(rowChanges(before, after)).filter(
                (change) => !change.startsWith('sign_in_failures'),
              )
              expect(changes, `${what}: a refused request changed rows`).toEqual([])
            } else if (!unsafe.has(method)) {
              expect(
                describeChanges(rowChanges(before, after)).filter((c) => !c.startsWith('sessions')),
                what,
              ).toEqual([])
            }
          }),
          { numRuns: runsPerOperation, seed: index + (caller === 'player' ? 1000 : 0) },
        )
      }
    },
  )
})
