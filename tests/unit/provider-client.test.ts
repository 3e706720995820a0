import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import {
  createProviderClient,
  type EndpointDefinition,
  InvalidParameterError,
  type ProviderAuth,
  type ProviderClient,
  type ProviderEndpointName,
  ProviderRequestError,
  ProviderResponseError,
  pathParamNames,
  providerEndpoints,
  RequiredParameterError,
} from '~/api/provider'
import { type RecordingServer, startRecordingServer } from '../support/recording-server'

/** Every provider call of spec §7, copied by hand from the spec (its own parameter spelling). */
const specCalls = [
  // AI text generation
  'POST /ai/textgen/executive-summary',
  'POST /ai/textgen/topics-list',
  // Authors
  'GET /authors/{source}/{author}/network',
  'GET /authors/{source}/{author}',
  'GET /authors/{source}/{authors}/messages',
  'POST /authors/search',
  // Titles
  'GET /titles/{idents}',
  'GET /titles/{ident}/messages/categories',
  'GET /titles/{idents}/history',
  'GET /titles/{idents}/messages',
  'GET /titles/{idents}/message_statistics',
  'GET /titles/{idents}/info',
  'GET /titles/search',
  'GET /titles/{ident}/related',
  'GET /titles',
  'GET /titles/available_filters',
  // Lists
  'GET /lists',
  'GET /lists/{lid}',
  'GET /lists/{lid}/messages',
  'GET /lists/{lid}/top_flop',
  // Messages
  'GET /messages/search',
  'POST /messages/search',
  // Entities
  'GET /entities',
  'GET /titles/{ident}/entities/history',
  'GET /titles/{ident}/entities',
  'GET /entities/{entity_id}',
  // Gazettes and registers
  'GET /federal_gazette/{fedgaz_report_id}',
  'GET /titles/{ident}/federal_gazette',
  'GET /commercial_register/{country}',
  'GET /official_gazette/{country}',
  // Indicators
  'GET /titles/rsi/{rsi_span}/{compare_value}',
  'GET /titles/sma/{sma_span}',
  'GET /titles/{ident}/sma',
  'GET /titles/short_sales',
  'GET /titles/{ident}/short_sales',
  'GET /titles/{ident}/dividend',
  'GET /titles/earnings',
  'GET /titles/{ident}/price_ratios',
  // Reference
  'GET /countries',
  'GET /exchanges',
  'GET /holidays',
  'GET /inventory',
  'GET /sectors',
  'GET /reports',
  // Key events
  'GET /key_events/latest',
  'GET /key_events',
  'GET /titles/{ident}/key_events',
  'GET /titles/{idents}/key_events_v2',
  'GET /key_events_v2',
  'GET /key_events_v2/{key_event_id}',
  'GET /key_events_v2/{key_event_id}/messages',
  // Triggers and newsbot
  'GET /triggers/feed',
  'GET /triggers/feed/{trigger_id}',
  'GET /newsbot/{article_ids}',
  'GET /newsbot/titles/{ident}',
  'GET /newsbot/latest',
  // Prices
  'GET /titles/{ident}/intraday',
  'GET /titles/{ident}/quotes',
  // Picks
  'GET /dailypicksperformance',
  'GET /pulsepicks',
  'GET /pulsepicks/{ident}',
  'GET /pulsepicksperformance',
  'GET /top_buzz_titles',
  'GET /weeklypicks',
  // Ratings
  'GET /titles/{ident}/ratings',
  'GET /titles/{ident}/ratings/history',
  // Rules
  'POST /rules',
  'GET /rules',
  'POST /rules/{rid}',
  'DELETE /rules/{rid}',
  'GET /triggers',
  'GET /triggers/{ident}',
  'GET /standard_rules',
  'GET /standard_triggers',
  // Other
  'GET /titles/{ident}/profiles',
  'GET /reports/discord',
  'GET /jobs/{source}/{ident}',
  'GET /discord/comments/{server}',
  'GET /titles/{ident}/topics',
  // User data
  'GET /userdata',
  'POST /userdata',
  // Watchlists
  'GET /watchlists',
  'POST /watchlists',
  'GET /watchlists/{wid}',
  'POST /watchlists/{wid}',
  'DELETE /watchlists/{wid}',
  'GET /watchlists/{wid}/messages',
  'DELETE /watchlists/{wid}/authors',
  'DELETE /watchlists/{wid}/queries',
  'DELETE /watchlists/{wid}/{ident}',
]

const entries = Object.entries(providerEndpoints) as [ProviderEndpointName, EndpointDefinition][]

/** Parameter names differ in spelling (key_event_id / keyEventId); the call is method and path shape. */
const shape = (method: string, path: string) => `${method} ${path.replace(/\{[^}]+\}/g, '{}')}`

/** Calls an endpoint by name with untyped arguments, as the loops below need. */
type LooseCall = (name: ProviderEndpointName, args?: Record<string, unknown>) => Promise<unknown>
const callOf = (client: ProviderClient) => client.call as unknown as LooseCall

// Sample values: every path value carries '/', ' ' and 'ü', which must arrive percent-encoded.
const listParams = new Set(['idents', 'articleIds', 'authors'])
const pathValue = (param: string) => (listParams.has(param) ? ['AAPL', `a/b ü ${param}`] : `x/y ü ${param}`)
const encodedPathValue = (param: string) =>
  listParams.has(param) ? `AAPL,a%2Fb%20%C3%BC%20${param}` : `x%2Fy%20%C3%BC%20${param}`
const queryValues = [
  ['v/ü &=?', 'v/ü &=?'],
  [7, '7'],
  [true, 'true'],
  [['a', 'b c'], 'a,b c'],
] as const

function sampleCall(name: ProviderEndpointName, endpoint: EndpointDefinition) {
  const params = pathParamNames(endpoint.path)
  const path = Object.fromEntries(params.map((param) => [param, pathValue(param)]))
  const query: Record<string, unknown> = { format: 'json' }
  const expectedQuery: Record<string, string> = { format: 'json' }
  for (const [index, param] of (endpoint.query ?? []).entries()) {
    const [value, wire] = queryValues[index % queryValues.length] as (typeof queryValues)[number]
    query[param] = value
    expectedQuery[param] = wire
  }
  const body = endpoint.body ? { endpoint: name, items: ['AAPL', 'ü'], nested: { n: 1 } } : undefined
  const expectedPath = endpoint.path.replace(/\{([^}]+)\}/g, (_, param: string) => encodedPathValue(param))
  return {
    args: { ...(params.length > 0 ? { path } : {}), query, ...(body ? { body } : {}) },
    expected: { method: endpoint.method, path: `/v2${expectedPath}`, query: expectedQuery, body },
  }
}

let server: RecordingServer
beforeAll(async () => {
  server = await startRecordingServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const clientWith = (options: { auth?: ProviderAuth; retries?: number; timeoutMs?: number } = {}) =>
  createProviderClient({ baseUrl: `${server.url}/v2/`, ...options })

describe('the endpoint table', () => {
  it('has every provider call of the spec, and nothing else', () => {
    const table = entries.map(([, endpoint]) => shape(endpoint.method, endpoint.path))
    const spec = specCalls.map((call) => shape(...(call.split(' ') as [string, string])))
    expect(new Set(spec).size).toBe(specCalls.length)
    expect(new Set(table).size).toBe(table.length)
    expect(table.filter((call) => !spec.includes(call))).toEqual([])
    expect(spec.filter((call) => !table.includes(call))).toEqual([])
    expect(table).toHaveLength(90)
  })

  it('requires query for /titles/search and the rule body of the rule writes', () => {
    expect(providerEndpoints.searchTitles.requiredQuery).toEqual(['query'])
    const required = entries.filter(([, endpoint]) => endpoint.body === 'required').map(([name]) => name)
    expect(required.sort()).toEqual(['createRule', 'updateRule'])
  })
})

describe.each(entries)('%s', (name, endpoint) => {
  it('sends the method, encoded path, query with format, and body', async () => {
    const { args, expected } = sampleCall(name, endpoint)
    const answer = await callOf(clientWith())(name, args)

    expect(server.requests).toHaveLength(1)
    const [request] = server.requests
    expect(request?.method).toBe(expected.method)
    expect(request?.path).toBe(expected.path)
    expect(request?.query).toEqual(expected.query)
    expect(request?.body).toEqual(expected.body)
    if (expected.body) expect(request?.headers['content-type']).toBe('application/json')
    else expect(request?.rawBody).toBe('')
    expect(answer).toMatchObject({ method: expected.method, path: expected.path })
  })

  const params = pathParamNames(endpoint.path)
  it.each(params.flatMap((param) => [undefined, null, '', []].map((missing) => [param, missing] as const)))(
    'rejects a missing %s (%j) before any request',
    async (param, missing) => {
      const { args } = sampleCall(name, endpoint)
      const path = { ...args.path, [param]: missing }
      const call = callOf(clientWith())(name, { ...args, path })
      await expect(call).rejects.toThrow(RequiredParameterError)
      await expect(call).rejects.toMatchObject({ parameter: param, endpoint: name })
      expect(server.requests).toHaveLength(0)
    },
  )
})

describe('required parameters beyond the path', () => {
  it.each([undefined, null, ''])('rejects /titles/search with query %j', async (missing) => {
    const client = clientWith()
    const call = callOf(client)('searchTitles', { query: { query: missing, search_type: 'name' } })
    await expect(call).rejects.toMatchObject({ name: 'RequiredParameterError', parameter: 'query' })
    await expect(callOf(client)('searchTitles')).rejects.toThrow(RequiredParameterError)
    expect(server.requests).toHaveLength(0)
  })

  it.each(['createRule', 'updateRule'] as const)('rejects %s without its rule body', async (name) => {
    const path = name === 'updateRule' ? { rid: 'r1' } : undefined
    for (const body of [undefined, null]) {
      const call = callOf(clientWith())(name, { path, body })
      await expect(call).rejects.toMatchObject({
        name: 'RequiredParameterError',
        parameter: 'body',
        endpoint: name,
      })
    }
    expect(server.requests).toHaveLength(0)
  })

  it('the error names the parameter and the endpoint', async () => {
    const call = callOf(clientWith())('keyEventV2Messages', { path: {} })
    await expect(call).rejects.toThrow(
      "Required parameter 'keyEventId' is missing when calling keyEventV2Messages",
    )
  })
})

describe('encoding', () => {
  it('encodes path values, joins lists with commas, and keeps the query order', async () => {
    await clientWith().titlesHistory({
      path: { idents: ['AAPL', 'BRK/B', 'Münchener Rück', 'a,b'] },
      query: { fields: ['close', 'volume'], startDate: '2024-01-01', partition: undefined, format: 'csv' },
    })
    const [request] = server.requests
    expect(request?.path).toBe('/v2/titles/AAPL,BRK%2FB,M%C3%BCnchener%20R%C3%BCck,a%2Cb/history')
    expect(request?.search).toBe('fields=close,volume&startDate=2024-01-01&format=csv')
  })

  it('encodes query values and sends numbers and booleans as text', async () => {
    await clientWith().searchMessages({
      query: { query: 'Tesla & co/ü', lang: undefined, offset: 20, core: false },
    })
    expect(server.requests[0]?.search).toBe('query=Tesla%20%26%20co%2F%C3%BC&offset=20&core=false')
  })

  it('repeats the name for query lists when configured', async () => {
    const client = createProviderClient({ baseUrl: server.url, queryArrays: 'repeat' })
    await client.titleQuotes({ path: { ident: 'AAPL' }, query: { indicators: ['sma', 'rsi'] } })
    expect(server.requests[0]?.search).toBe('indicators=sma&indicators=rsi')
    expect(server.requests[0]?.query).toEqual({ indicators: ['sma', 'rsi'] })
  })

  it('sends a path value that is a number', async () => {
    await clientWith().rsiTitles({ path: { rsiSpan: 14, compareValue: 30 }, query: { type: 'share' } })
    expect(server.requests[0]?.path).toBe('/v2/titles/rsi/14/30')
  })

  it('refuses dot segments, unknown query parameters and bodies for calls without one', async () => {
    const call = callOf(clientWith())
    await expect(call('titleSma', { path: { ident: '..' } })).rejects.toThrow(InvalidParameterError)
    await expect(call('titleSma', { path: { ident: '.' } })).rejects.toThrow(InvalidParameterError)
    await expect(call('countries', { query: { limit: 1 } })).rejects.toMatchObject({
      name: 'InvalidParameterError',
      parameter: 'limit',
    })
    await expect(call('countries', { body: {} })).rejects.toThrow(InvalidParameterError)
    expect(server.requests).toHaveLength(0)
  })

  it('sends a DELETE with a JSON body', async () => {
    await clientWith().removeWatchlistAuthors({ path: { wid: 'w 1' }, body: { authors: ['twitter:elon'] } })
    expect(server.requests[0]).toMatchObject({
      method: 'DELETE',
      path: '/v2/watchlists/w%201/authors',
      body: { authors: ['twitter:elon'] },
    })
  })
})

describe('authentication', () => {
  const basic = `Basic ${Buffer.from('anna:pä$$:wörd', 'utf8').toString('base64')}`
  const kinds: [
    string,
    ProviderAuth | undefined,
    Record<string, string | undefined>,
    Record<string, string>,
  ][] = [
    ['none', undefined, { authorization: undefined, 'x-api-key': undefined }, {}],
    ['basic', { type: 'basic', username: 'anna', password: 'pä$$:wörd' }, { authorization: basic }, {}],
    ['api key header', { type: 'apiKey', key: 'k-1' }, { 'x-api-key': 'k-1', authorization: undefined }, {}],
    [
      'api key named header',
      { type: 'apiKey', key: 'k-2', header: 'X-Provider-Key' },
      { 'x-provider-key': 'k-2' },
      {},
    ],
    [
      'api key query',
      { type: 'apiKey', key: 'k 3&', in: 'query' },
      { 'x-api-key': undefined },
      { api_key: 'k 3&' },
    ],
    ['token', { type: 'token', token: 't-4' }, { authorization: 'Bearer t-4' }, {}],
    ['token function', { type: 'token', token: async () => 't-5' }, { authorization: 'Bearer t-5' }, {}],
  ]

  it.each(kinds)('%s: on every endpoint', async (_, auth, headers, query) => {
    const client = clientWith(auth ? { auth } : {})
    for (const [name, endpoint] of entries) {
      const { args, expected } = sampleCall(name, endpoint)
      await callOf(client)(name, args)
      const request = server.requests.at(-1)
      for (const [header, value] of Object.entries(headers)) expect(request?.headers[header]).toBe(value)
      expect(request?.query).toEqual({ ...expected.query, ...query })
    }
    expect(server.requests).toHaveLength(entries.length)
  })

  it('keeps an API key in the query out of error messages', async () => {
    server.reply('/v2/countries', { status: 404, body: { error: 'nope' } })
    const client = clientWith({ auth: { type: 'apiKey', key: 'secret-key', in: 'query' } })
    const error = await client.countries().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProviderRequestError)
    expect(String((error as Error).message)).not.toContain('secret-key')
    expect((error as ProviderRequestError).url).not.toContain('secret-key')
  })

  it('refuses a basic-auth username with a colon', () => {
    expect(() => clientWith({ auth: { type: 'basic', username: 'a:b', password: 'p' } })).toThrow(TypeError)
  })
})

describe('retries', () => {
  it('retries a GET answered 503 and succeeds on the third attempt', async () => {
    server.reply('/v2/countries', { status: 503 }, { status: 503 }, { body: [{ code: 'DE' }] })
    await expect(clientWith().countries()).resolves.toEqual([{ code: 'DE' }])
    expect(server.requests).toHaveLength(3)
  })

  it('gives up on a GET after three retries with the last status', async () => {
    server.reply('/v2/countries', { status: 502, body: { error: 'bad gateway' } })
    const call = clientWith().countries()
    await expect(call).rejects.toThrow(ProviderRequestError)
    await expect(call).rejects.toMatchObject({
      status: 502,
      data: { error: 'bad gateway' },
      endpoint: 'countries',
    })
    expect(server.requests).toHaveLength(4)
  })

  it('does not retry a POST answered 503', async () => {
    server.reply('POST /v2/rules', { status: 503 }, { body: { id: 'r1' } })
    await expect(clientWith().createRule({ body: { name: 'rsi' } })).rejects.toMatchObject({ status: 503 })
    expect(server.requests).toHaveLength(1)
  })

  it('retries a DELETE answered 500 (idempotent)', async () => {
    server.reply('DELETE /v2/rules/r1', { status: 500 }, { status: 204 })
    await expect(clientWith().deleteRule({ path: { rid: 'r1' } })).resolves.toBeUndefined()
    expect(server.requests).toHaveLength(2)
  })

  it('does not retry a 4xx answer', async () => {
    server.reply('/v2/titles/NOPE', { status: 404, body: { error: 'unknown title' } })
    await expect(clientWith().titles({ path: { idents: 'NOPE' } })).rejects.toMatchObject({ status: 404 })
    expect(server.requests).toHaveLength(1)
  })

  it('retries a network error (connection closed without an answer)', async () => {
    server.reply('/v2/sectors', { destroy: true }, { body: ['tech'] })
    await expect(clientWith().sectors()).resolves.toEqual(['tech'])
    expect(server.requests).toHaveLength(2)
  })

  it('retries a network error of a POST too, as the spec says', async () => {
    server.reply('POST /v2/userdata', { destroy: true }, { body: { ok: true } })
    await expect(clientWith().changeUserData({ body: { theme: 'dark' } })).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
  })

  it('gives a network error without a status once the retries are spent', async () => {
    server.reply('/v2/sectors', { destroy: true })
    await expect(clientWith().sectors()).rejects.toMatchObject({
      name: 'ProviderRequestError',
      status: undefined,
    })
    expect(server.requests).toHaveLength(4)
  })

  it('retries a timed-out GET but not a timed-out POST', async () => {
    server.reply('/v2/holidays', { delayMs: 300 }, { body: ['2024-12-25'] })
    await expect(clientWith({ timeoutMs: 50 }).holidays()).resolves.toEqual(['2024-12-25'])
    expect(server.requests).toHaveLength(2)

    server.reset()
    server.reply('POST /v2/watchlists', { delayMs: 300 }, { body: { id: 'w1' } })
    await expect(clientWith({ timeoutMs: 50 }).createWatchlist({ body: { name: 'w' } })).rejects.toThrow(
      ProviderRequestError,
    )
    expect(server.requests).toHaveLength(1)
  })

  it('honours retries: 0 and a per-call override', async () => {
    server.reply('/v2/sectors', { status: 503 })
    await expect(clientWith({ retries: 0 }).sectors()).rejects.toMatchObject({ status: 503 })
    expect(server.requests).toHaveLength(1)
    await expect(clientWith({ retries: 0 }).sectors({ retries: 1 })).rejects.toMatchObject({ status: 503 })
    expect(server.requests).toHaveLength(3)
  })

  it('stops at once when the caller aborts', async () => {
    server.reply('/v2/sectors', { delayMs: 200 })
    const controller = new AbortController()
    const call = clientWith().sectors({ signal: controller.signal })
    setTimeout(() => controller.abort(new Error('left the page')), 30)
    await expect(call).rejects.toThrow('left the page')
    expect(server.requests).toHaveLength(1)
  })
})

describe('responses', () => {
  it('parses the answer with a schema the caller passes', async () => {
    server.reply('/v2/exchanges', { body: [{ code: 'XETR', country: 'DE' }] })
    const schema = z.array(z.object({ code: z.string(), country: z.string() }))
    const exchanges = await clientWith().exchanges({ query: { country: 'DE' }, schema })
    expectTypeOf(exchanges).toEqualTypeOf<{ code: string; country: string }[]>()
    expect(exchanges).toEqual([{ code: 'XETR', country: 'DE' }])
  })

  it('rejects an answer that does not match the schema', async () => {
    server.reply('/v2/exchanges', { body: [{ code: 1 }] })
    const call = clientWith().exchanges({ schema: z.array(z.object({ code: z.string() })) })
    await expect(call).rejects.toThrow(ProviderResponseError)
    await expect(call).rejects.toMatchObject({ endpoint: 'exchanges', data: [{ code: 1 }] })
  })

  it('gives text answers (e.g. format=csv) as text', async () => {
    server.reply('/v2/titles/AAPL/history', { body: 'date,close\n2024-01-02,185.64\n' })
    const csv = await clientWith().titlesHistory({ path: { idents: 'AAPL' }, query: { format: 'csv' } })
    expect(csv).toBe('date,close\n2024-01-02,185.64\n')
  })
})

describe('types', () => {
  it('derives each method from the table', () => {
    const client = clientWith()
    expectTypeOf(client.countries).toBeCallableWith()
    expectTypeOf(client.countries).toBeCallableWith({ query: { format: 'json' } })
    expectTypeOf(client.keyEventV2).parameter(0).toHaveProperty('path').toEqualTypeOf<{
      readonly keyEventId: string | number | readonly (string | number)[]
    }>()
    expectTypeOf<ReturnType<typeof client.sectors>>().toEqualTypeOf<Promise<unknown>>()

    // Only checked by tsc: each line must compile.
    const rightCalls = async () => {
      const sma: unknown = await client.call('titleSma', {
        path: { ident: 'AAPL' },
        query: { format: 'json' },
      })
      const countries: string[] = await client.call('countries', { schema: z.array(z.string()) })
      await client.call('countries')
      await client.createRule({ body: { name: 'rsi below 30' } })
      await client.newsbotArticles({ path: { articleIds: [1, 2] }, query: { include_data: true } })
      return [sma, countries]
    }
    expect(rightCalls).toBeTypeOf('function')

    // Only checked by tsc: each line must fail to compile.
    const wrongCalls = () => {
      // @ts-expect-error the path parameters are required
      client.titlesHistory({ query: { fields: 'close' } })
      // @ts-expect-error a path parameter of another call
      client.titleSma({ path: { idents: 'AAPL' } })
      // @ts-expect-error a query parameter the call does not take
      client.countries({ query: { limit: 5 } })
      // @ts-expect-error /titles/search needs its query
      client.searchTitles({ query: { search_type: 'name' } })
      // @ts-expect-error the rule writes need their body
      client.createRule({})
      // @ts-expect-error a GET sends no body
      client.sectors({ body: {} })
      // @ts-expect-error call checks the arguments against the named endpoint
      client.call('titleSma', { path: { idents: 'AAPL' } })
      // @ts-expect-error and requires them when the endpoint does
      client.call('titleSma')
    }
    expect(wrongCalls).toBeTypeOf('function')
  })
})
