import { parse as parseQuery } from 'node:querystring'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type RouteInfo, routesOf } from '../../server/app'
import { createSession } from '../../server/auth/sessions.repo'
import { sessionCookieName } from '../../server/http/session'
import { apiErrorSchema } from '../../src/api/errors'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import {
  describeChanges,
  type RowChange,
  rowChanges,
  type Snapshot,
  short,
  snapshot,
  tableNames,
} from '../support/db-rows'
import { edgeNumber, exponentForm } from '../support/edge-numbers'
import { type Answer, HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * Property-based fuzzing of every /v1 route: malformed bodies, queries and path parameters, sent as a
 * guest and as a signed-in player with the SPA's CSRF headers (so requests get past the CSRF defence and
 * reach validation and the handlers). Every answer must be < 500 with the `{ error: { code, message } }`
 * body on 4xx, and a rejected request must leave every row of every table as it was.
 *
 * FUZZ_SEED fixes the random stream (each route's run uses FUZZ_SEED + its index); FUZZ_RUNS is the number
 * of requests per route and caller.
 */
const baseSeed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31)
const fixedRuns = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined
/**
 * Without FUZZ_RUNS, about this many requests per database and caller, spread over the routes (at least 10
 * each), so the file stays within ~40 s on a 2-core machine as routes are added; nightly runs raise it.
 */
const requestBudget = 1200
const runsPerRoute = (routeCount: number) => fixedRuns ?? Math.max(10, Math.round(requestBudget / routeCount))
/** FUZZ_STATS=1 prints how often each route answered with which status and code: what the fuzz reached. */
const printStats = process.env.FUZZ_STATS === '1'

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The routes under test, read from the app so that routes added later are fuzzed without touching this file.
 * Skipped:
 * - `POST /v1/test/clock` exists only under ALPHA_TEST_CLOCK (never in production), and a value it accepts
 *   moves server time, after which reads legitimately write (session touch and idle expiry).
 * - the SPA's static file routes (not under /v1; no build in tests anyway): they read files, not the database.
 */
function routesToFuzz(server: TestServer): RouteInfo[] {
  return routesOf(server.app).filter(
    (route) => route.url.startsWith('/v1/') && route.url !== '/v1/test/clock',
  )
}

// ---------------------------------------------------------------------------------------------------
// What a route expects, read from its zod schemas: field names (nested objects as nested shapes).

interface Shape {
  [field: string]: Shape | null
}

function shapeOf(schema: unknown): Shape | null {
  let s = schema
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap()
    else if (s instanceof z.ZodPipe) s = s.in
    else break
  }
  if (!(s instanceof z.ZodObject)) return null
  return Object.fromEntries(
    Object.entries(s.shape as Record<string, unknown>).map(([k, v]) => [k, shapeOf(v)]),
  )
}

function fieldNames(shape: Shape | null): string[] {
  if (!shape) return []
  return Object.entries(shape).flatMap(([k, sub]) => [k, ...fieldNames(sub)])
}

// ---------------------------------------------------------------------------------------------------
// Arbitraries of hostile input.

const oddStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'üñí',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '👩‍👩‍👧‍👦',
  '\u202etxt.exe',
  'ǅ\u0301\u0302\u0303',
  '%00',
  '%',
  "' or 1=1 --",
  '"; drop table users; --',
  '\\',
  '%_%',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '-1',
  '0',
  '1e309',
  '-1e309',
  '1e-9',
  '5e-324',
  '1e21',
  '1E2',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '9007199254740993',
  '2147483648',
  '999999999999999',
  'me',
  'bank',
  '\n\r\t',
  'a@b',
  '@',
]

/** Up to ~100 KB: the body limit is 64 KB, so some of these must come back 413. */
const hugeString = fc
  .tuple(fc.string({ minLength: 1, maxLength: 3, unit: 'grapheme' }), fc.integer({ min: 256, max: 100_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length))

const hostileString = fc.oneof(
  fc.constantFrom(...oddStrings),
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.string({ maxLength: 30, unit: 'grapheme' }),
  fc.emailAddress(),
  hugeString,
)

/** A value that is deeply nested arrays and objects. */
const deepNesting = fc.tuple(fc.integer({ min: 10, max: 3000 }), fc.boolean()).map(([depth, objects]) => {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = objects ? { a: value } : [value]
  return value
})

const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, -0, 1.5, 1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), [], {}),
  fc.integer(),
  fc.double(),
  edgeNumber,
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 5 }),
  deepNesting,
)

const extraKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', ''), fc.string())

/** An object with the route's real field names (a random subset), each holding junk or nested junk. */
function objectWithFields(shape: Shape, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([name, sub]) => [
      name,
      sub && depth < 3 ? fc.oneof(objectWithFields(sub, depth + 1), junkValue) : junkValue,
    ]),
  )
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.option(fc.dictionary(extraKey, junkValue, { maxKeys: 3 }), { freq: 3 }),
    )
    .map(([known, extra]) => {
      const result: Record<string, unknown> = {}
      // defineProperty: an extra '__proto__' key becomes an own property that JSON.stringify sends.
      for (const [k, v] of Object.entries({ ...extra, ...known }))
        Object.defineProperty(result, k, { value: v, enumerable: true, writable: true, configurable: true })
      return result
    })
}

/** Real values of the signed-up player (name, e-mail, id, 'me'), so well-typed input also meets real rows. */
interface Known {
  strings: string[]
  numbers: number[]
}

/** Strings of the shapes the API takes: names, addresses, passwords, invitation codes (maybe grouped). */
function plausibleStrings(known: Known): fc.Arbitrary<string> {
  // U+0000 weighs most: PostgreSQL text refuses it, so it turns a forgotten check into a 500.
  const special = fc.oneof(
    { arbitrary: fc.constant('\u0000'), weight: 3 },
    fc.constantFrom('\ud800', '\u202e', '%', '_', '\\', "'", '\n'),
  )
  return fc.oneof(
    { arbitrary: fc.constantFrom(...known.strings), weight: 2 },
    { arbitrary: fc.constantFrom(...oddStrings), weight: 2 },
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.stringMatching(/^[A-Za-z0-9_]{3,24}$/),
    fc.emailAddress(),
    fc.string({ minLength: 12, maxLength: 40 }),
    fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{24}$/).map((code) => code.match(/.{4}/g)?.join('-') ?? code),
    {
      // a real value with a character that text columns, LIKE patterns or parsers may choke on
      arbitrary: fc
        .tuple(fc.constantFrom(...known.strings), special, fc.boolean())
        .map(([value, char, before]) => (before ? char + value : value + char)),
      weight: 4,
    },
  )
}

function plausibleNumbers(known: Known): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constantFrom(...known.numbers),
    fc.integer({ min: -2, max: 100 }),
    fc.constantFrom(2 ** 31, Number.MAX_SAFE_INTEGER, 1e308),
    fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }),
    fc.double({ noNaN: true }),
    // more than 0 yet no hundredth, a third decimal, past exact integer hundredths (amounts: ttcBet)
    edgeNumber,
  )
}

/** Values of the schema's base type (made-up, mostly invalid for the field's own rules). */
function candidates(schema: unknown, known: Known, depth: number): fc.Arbitrary<unknown> {
  const s = schema
  if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault)
    return fc.option(candidates(s.unwrap(), known, depth), { nil: undefined, freq: 4 })
  if (s instanceof z.ZodPipe) return candidates(s.in, known, depth)
  if (s instanceof z.ZodString || s instanceof z.ZodStringFormat) return plausibleStrings(known)
  if (s instanceof z.ZodNumber) return plausibleNumbers(known)
  if (s instanceof z.ZodBoolean) return fc.boolean()
  if (s instanceof z.ZodLiteral) return fc.constantFrom(...(s.values as Set<unknown>))
  if (s instanceof z.ZodEnum) return fc.constantFrom(...(s.options as unknown[]))
  if (s instanceof z.ZodUnion)
    return fc.oneof(...(s.options as unknown[]).map((o) => wellTyped(o, known, depth)))
  if (s instanceof z.ZodArray && depth < 3)
    return fc.array(wellTyped(s.element, known, depth + 1), { maxLength: 5 })
  if (s instanceof z.ZodObject && depth < 3)
    return fc.record(
      Object.fromEntries(
        Object.entries(s.shape as Record<string, unknown>).map(([k, v]) => [
          k,
          wellTyped(v, known, depth + 1),
        ]),
      ),
    )
  return junkValue
}

/**
 * Input of the right shape and types: every field the schema names and no other, each value drawn from
 * made-up candidates, half the time the first candidate the field's own schema accepts. Such input gets
 * past validation into the handlers (wrong signatures, unknown users, invitation codes that do not exist,
 * the player's own name with a wrong password), where a rejection that writes would hide.
 */
function wellTyped(schema: unknown, known: Known, depth = 0): fc.Arbitrary<unknown> {
  const draw = candidates(schema, known, depth)
  if (!(schema instanceof z.ZodType)) return draw
  return fc
    .tuple(fc.boolean(), fc.array(draw, { minLength: 6, maxLength: 6 }))
    .map(([preferValid, drawn]) => {
      const valid = preferValid ? drawn.findIndex((v) => schema.safeParse(v).success) : -1
      return drawn[Math.max(0, valid)]
    })
}

/** Text that is not JSON, sent as application/json. */
const notJson = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":',
    "{'a':1}",
    '[1,]',
    '{"a":1,}',
    'undefined',
    'NaN',
    '\u0000',
    '\ufeff{}',
    '--',
  ),
  fc.string().filter((text) => {
    try {
      JSON.parse(text)
      return false
    } catch {
      return true
    }
  }),
)

/** Prototype pollution attempts; Fastify's JSON parser must refuse or neutralise them. */
function pollution(fields: string[]): fc.Arbitrary<string> {
  const payload = '{"polluted":"yes","isAdmin":true}'
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('x')
  return fc.oneof(
    fc.constant(`{"__proto__":${payload}}`),
    fc.constant(`{"constructor":{"prototype":${payload}}}`),
    field.map((f) => `{"${f}":{"__proto__":${payload}}}`),
    field.map((f) => `{"${f}":"x","__proto__":${payload}}`),
    field.map((f) => `{"${f}":{"constructor":{"prototype":${payload}}}}`),
    field.map((f) => `[{"${f}":1},{"__proto__":${payload}}]`),
  )
}

interface FuzzBody {
  text: string
  contentType: string
}

const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  fc.constantFrom(
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
  ),
)

function bodyFor(route: RouteInfo, allFields: string[], known: Known): fc.Arbitrary<FuzzBody | undefined> {
  const bodySchema = route.schema?.body
  const shape = shapeOf(bodySchema)
  const fields = shape ? fieldNames(shape) : allFields
  const ownShape = shape ?? Object.fromEntries(allFields.map((f) => [f, null]))
  const json = (value: fc.Arbitrary<unknown>) => value.map((v) => JSON.stringify(v) ?? 'null')
  return fc.option(
    fc.record({
      text: fc.oneof(
        { arbitrary: json(fc.jsonValue()), weight: 2 },
        { arbitrary: json(objectWithFields(ownShape)), weight: 5 },
        ...(bodySchema ? [{ arbitrary: json(wellTyped(bodySchema, known)), weight: 5 }] : []),
        // the same values with every number written as 1.25e+1 or 3E0
        ...(bodySchema
          ? [{ arbitrary: json(wellTyped(bodySchema, known)).map(exponentForm), weight: 2 }]
          : []),
        { arbitrary: json(objectWithFields(ownShape)).map((t) => t.slice(0, -1)), weight: 1 },
        { arbitrary: notJson, weight: 1 },
        { arbitrary: pollution(fields), weight: 1 },
      ),
      contentType,
    }),
    { freq: 8 },
  )
}

function queryFor(route: RouteInfo, known: Known): fc.Arbitrary<string> {
  const querySchema = route.schema?.querystring
  const names = fieldNames(shapeOf(querySchema))
  const key = fc.oneof(
    ...(names.length > 0 ? [{ arbitrary: fc.constantFrom(...names), weight: 4 }] : []),
    { arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', 'x'), weight: 1 },
    { arbitrary: fc.string({ maxLength: 8 }), weight: 1 },
  )
  const value = fc.oneof(
    fc.constantFrom(...oddStrings),
    fc.string({ maxLength: 20, unit: 'binary' }),
    fc.integer({ min: 60, max: 6000 }).map((n) => 'q'.repeat(n)),
  )
  const pairs = fc
    .array(fc.tuple(key, value), { maxLength: 4 })
    .map((entries) => (entries.length > 0 ? `?${new URLSearchParams(entries)}` : ''))
  const raw = fc.constantFrom(
    '?',
    '?&&',
    '?=',
    '?%',
    '?%zz=1',
    '?name=%E0%A4%A',
    '?a[b][c]=1',
    '?__proto__[x]=1',
    '?=&=&',
  )
  const asQuery = (value: unknown) => {
    const entries = Object.entries((value ?? {}) as Record<string, unknown>).filter(
      ([, v]) => v !== undefined,
    )
    return entries.length > 0 ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : ''
  }
  return fc.oneof(
    { arbitrary: pairs, weight: 6 },
    ...(querySchema ? [{ arbitrary: wellTyped(querySchema, known).map(asQuery), weight: 4 }] : []),
    { arbitrary: raw, weight: 1 },
    { arbitrary: fc.constant(''), weight: 1 },
  )
}

/** Characters that databases, decoders and routers treat specially, percent-encoded for a path. */
const specialInPath = [
  '%00',
  '%0A',
  '%0D%0A',
  '%FF',
  '%C0%AF',
  '%E2%80%AE',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%25',
  '%2F',
  '%5C',
  '%27',
  '%22',
  '%',
  '%E0%A4%A',
  '..',
]

/** Path segments: sent raw, so malformed percent-encoding reaches the router as such. */
const pathParam = (known: Known) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...known.strings.map(encodeURIComponent)), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '-1',
        '0',
        '1e309',
        'üñí',
        encodeURIComponent('üñí'),
        '%20',
        'ME',
        '00000000000000001',
        '2147483648',
        '999999999999999',
        '9007199254740993',
        '1e0',
        '1E1',
        '1e-9',
        '5e-324',
        '1e21',
        '1e308',
        '__proto__',
        'constructor',
        'NaN',
        'null',
      ),
      weight: 2,
    },
    {
      // a real or made-up value with a special character inside
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constantFrom(...known.strings.map(encodeURIComponent)),
            fc.stringMatching(/^[a-z0-9]{0,8}$/),
          ),
          fc.constantFrom(...specialInPath),
          fc.stringMatching(/^[a-z0-9]{0,8}$/),
        )
        .map((parts) => parts.join('')),
      weight: 3,
    },
    fc.string({ minLength: 1, maxLength: 30, unit: 'grapheme' }).map(encodeURIComponent),
    fc.nat().map(String),
    fc.integer({ min: 60, max: 7000 }).map((n) => 'p'.repeat(n)),
  )

interface FuzzRequest {
  params: string[]
  query: string
  body: FuzzBody | undefined
  /** a forged session cookie for the guest */
  cookie: string | null
}

function requestFor(route: RouteInfo, allFields: string[], known: Known): fc.Arbitrary<FuzzRequest> {
  const paramCount = paramNames(route).length
  return fc.record({
    params: fc.array(pathParam(known), { minLength: paramCount, maxLength: paramCount }),
    query: queryFor(route, known),
    body: unsafeMethods.has(route.method) ? bodyFor(route, allFields, known) : fc.constant(undefined),
    cookie: fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{0,90}$/), { freq: 3 }),
  })
}

/** Parameter names of a route path: `:user` in `/v1/users/:user`, `handle` in `/:handle.svg`. */
const paramPattern = /:([A-Za-z0-9_]+)/g

function paramNames(route: RouteInfo): string[] {
  return [...route.url.matchAll(paramPattern)].map((m) => m[1] ?? '')
}

function pathOf(route: RouteInfo, params: string[]): string {
  let i = 0
  return route.url.replace(paramPattern, () => params[i++] ?? '')
}

// ---------------------------------------------------------------------------------------------------
// The database, table by table, row by row.

/**
 * The refusals of a wrong password: sign-in's, and the confirmations of account deletion and the
 * password and e-mail changes.
 */
const wrongPasswordAnswers = new Set([
  'POST /v1/auth/signin invalid_credentials',
  'DELETE /v1/users/me confirmation_failed',
  'PUT /v1/users/me/password confirmation_failed',
  'PUT /v1/users/me/email confirmation_failed',
])

/**
 * The one write a rejected request may make: a wrong password counts against the login it named or the
 * account (the throttle of src/domain/sign-in-throttle.ts), so `sign_in_failures` gains a row with one
 * failure or one row's count goes up by exactly one. Everything else, that table's other rows included,
 * must stay.
 */
function unexpectedChanges(route: RouteInfo, answer: Answer, before: Snapshot, after: Snapshot): string[] {
  const changes = rowChanges(before, after)
  const code = (answer.body as { error?: { code?: string } } | undefined)?.error?.code
  if (!wrongPasswordAnswers.has(`${route.method} ${route.url} ${code}`)) return describeChanges(changes)
  const table = 'sign_in_failures'
  const failures = changes.filter((c) => c.table === table)
  const parse = (c: RowChange | undefined) =>
    c ? (JSON.parse(c.row) as { loginKey?: string; login_key?: string; failures: number }) : undefined
  const added = parse(failures.find((c) => c.change === 'added'))
  const removed = parse(failures.find((c) => c.change === 'removed'))
  const oneMoreFailure =
    failures.length === (removed ? 2 : 1) &&
    added !== undefined &&
    added.failures === (removed?.failures ?? 0) + 1 &&
    (removed === undefined || (removed.loginKey ?? removed.login_key) === (added.loginKey ?? added.login_key))
  return describeChanges(oneMoreFailure ? changes.filter((c) => c.table !== table) : changes)
}

// ---------------------------------------------------------------------------------------------------

/** Whether the route's own zod schemas accept the request: what an accepted write must satisfy. */
function schemasAccept(route: RouteInfo, request: FuzzRequest): boolean {
  const schema = route.schema as Record<string, z.ZodType | undefined> | undefined
  const names = paramNames(route)
  const parts: [z.ZodType | undefined, () => unknown][] = [
    // Fastify's parser (secure-json-parse) skips a leading byte order mark, as RFC 8259 §8.1 allows.
    [schema?.body, () => JSON.parse((request.body?.text ?? '').replace(/^\uFEFF/, ''))],
    [schema?.querystring, () => parseQuery(request.query.replace(/^\?/, ''))],
    [
      schema?.params,
      () => Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(request.params[i] ?? '')])),
    ],
  ]
  return parts.every(([part, value]) => {
    if (!part) return true
    try {
      return part.safeParse(value()).success
    } catch {
      return false
    }
  })
}

describe.each(dialects)('fuzzing every /v1 route on %s', (dialect) => {
  let server: TestServer
  let player: SignedUp
  let tables: string[]
  let routes: RouteInfo[]

  beforeAll(async () => {
    server = await startTestServer(dialect)
    player = await signUpPlayer(server)
    tables = await tableNames(server.ctx.db, dialect)
    routes = routesToFuzz(server)
  })
  afterAll(async () => {
    // Every request was answered (each fetch resolved). A client still uploading a body the server refused
    // early (413, 415, a bad URL) may hold its socket open, and app.close() waits for such connections.
    server?.app.server.closeAllConnections()
    await server?.stop()
  })

  it.each(['guest', 'player'] as const)(
    'answers malformed input as a %s with a 4xx in the error shape that changes no row',
    { timeout: fixedRuns ? 60_000 + fixedRuns * 8_000 : 180_000 },
    async (caller) => {
      expect(routes.length).toBeGreaterThan(10)
      const allFields = [...new Set(routes.flatMap((r) => fieldNames(shapeOf(r.schema?.body))))]
      const known: Known = {
        strings: [player.username, player.username.toUpperCase(), player.email, String(player.user.id), 'me'],
        numbers: [player.user.id],
      }
      const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort()
      const initial = await snapshot(server.ctx.db, dialect, tables)
      let baseline = initial
      const acceptedWrites: string[] = []
      const stats = new Map<string, number>()

      const send = (route: RouteInfo, request: FuzzRequest): Promise<Answer> => {
        const client = caller === 'player' ? player.client : new HttpClient(server.url)
        const headers: Record<string, string> = {}
        if (request.body) headers['content-type'] = request.body.contentType
        if (caller === 'guest' && request.cookie !== null)
          headers.cookie = `${sessionCookieName(server.ctx.config)}=${request.cookie}`
        const path = pathOf(route, request.params) + request.query
        return client.request(route.method, path, request.body?.text, { headers })
      }

      const check = async (route: RouteInfo, request: FuzzRequest) => {
        const answer = await send(route, request)
        const code = (answer.body as { error?: { code?: string } } | undefined)?.error?.code ?? ''
        const key = `${route.method} ${route.url} -> ${answer.status} ${code}`
        stats.set(key, (stats.get(key) ?? 0) + 1)
        const before = baseline
        const after = await snapshot(server.ctx.db, dialect, tables)
        // The next request compares against this state, so shrinking after a failure stays meaningful.
        baseline = after
        expect(answer.status, 'status').toBeLessThan(500)
        if (answer.status >= 400 && route.method !== 'HEAD') {
          const shape = apiErrorSchema.safeParse(answer.body)
          expect(shape.success, `error body ${short(JSON.stringify(answer.body) ?? '')}`).toBe(true)
        }
        const acceptedWrite = answer.status < 400 && unsafeMethods.has(route.method)
        if (!acceptedWrite) {
          const changes = unexpectedChanges(route, answer, before, after)
          if (changes.length > 0)
            throw new Error(`${answer.status} but the database changed:\n${changes.slice(0, 8).join('\n')}`)
          return
        }
        // Accepted writes (logout, a password-reset request for a well-formed address, one's own settings
        // patched with a valid subset) may change rows: they must be input the route's contract allows.
        acceptedWrites.push(`${route.method} ${route.url} -> ${answer.status}`)
        expect(schemasAccept(route, request), 'a write was accepted that its schemas reject').toBe(true)
        if (caller === 'player' && !player.client.cookies.has(sessionCookieName(server.ctx.config))) {
          // Signed out (logout): a new session straight in the database, since the fuzz's wrong passwords
          // for the player's own name may have throttled signing in through the API.
          const session = await createSession(server.ctx.db, player.user.id, server.clock.now())
          player.client.cookies.set(sessionCookieName(server.ctx.config), session.token)
          baseline = await snapshot(server.ctx.db, dialect, tables)
        }
      }

      for (const [index, route] of routes.entries()) {
        const seed = baseSeed + index + (caller === 'player' ? 1000 : 0)
        try {
          await fc.assert(
            fc.asyncProperty(requestFor(route, allFields, known), (request) => check(route, request)),
            { numRuns: runsPerRoute(routes.length), seed },
          )
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          const cause =
            error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : ''
          throw new Error(
            `${route.method} ${route.url} as ${caller} (FUZZ_SEED=${baseSeed}): ${message}${cause}`,
          )
        }
      }

      if (printStats)
        console.log(
          `${dialect}, ${caller}:\n${[...stats]
            .sort()
            .map(([k, n]) => `${k}: ${n}`)
            .join('\n')}`,
        )
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      // Rejected requests were checked one by one; without accepted writes the whole run changed nothing.
      if (acceptedWrites.length === 0) expect(describeChanges(rowChanges(initial, baseline))).toEqual([])
      const final = await snapshot(server.ctx.db, dialect, tables)
      expect(describeChanges(rowChanges(baseline, final))).toEqual([])
    },
  )
})
