import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import { ProviderMarket } from '../../server/market/provider/provider-market'
import { SimulatedMarket } from '../../server/market/simulated-market'
import { instruments } from '../../server/market/universe'
import type { Chart, Fundamentals, ServerMessage, Tick, Title } from '../../src/api/market'
import { rsi, sma } from '../../src/domain/indicators'
import { signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { type RecordingServer, startRecordingServer } from '../support/recording-server'
import { startTestServer, type TestServer } from '../support/test-server'

const apple = 2494
const tesla = 2793
const bitcoin = 99979
const ids = instruments.map((instrument) => instrument.id)
const titlesPath = `/titles/${ids.join(',')}`
const dayMs = 86_400_000
const basic = `Basic ${Buffer.from('alpha:s3cret pass').toString('base64')}`

const iso = (ms: number) => new Date(ms).toISOString()
const midnight = (ms: number) => Math.floor(ms / dayMs) * dayMs

function providerServer(recorder: RecordingServer, dialect: (typeof dialects)[number], env = {}) {
  return startTestServer(dialect, {
    env: {
      PROVIDER_URL: `${recorder.url}/v2`,
      PROVIDER_USERNAME: 'alpha',
      PROVIDER_PASSWORD: 's3cret pass',
      ...env,
    },
  })
}

function providerMarket(server: TestServer): ProviderMarket {
  // what the server built, under the test server's trading hours (tests/support/hours-market.ts)
  const market = server.hours.inner
  if (!(market instanceof ProviderMarket)) throw new Error('the server did not build the provider market')
  return market
}

/** 70 daily bars ending a week ago: closes rise and fall in a known pattern. */
function dailyBars(now: number) {
  const last = midnight(now) - 7 * dayMs
  return Array.from({ length: 70 }, (_, i) => {
    const close = 200 + 10 * Math.sin(i / 5) + i * 0.3
    return {
      date: iso(last - (69 - i) * dayMs).slice(0, 10),
      open: close - 1,
      high: close + 2,
      low: close - 3,
      close: Math.round(close * 100) / 100,
    }
  })
}

/** One-minute bars of the last 30 minutes, starting on a minute. */
function minuteBars(now: number) {
  const first = Math.floor(now / 60_000) * 60_000 - 30 * 60_000
  return Array.from({ length: 30 }, (_, i) => ({
    date: (first + i * 60_000) / 1000,
    open: 95_000 + i,
    high: 95_010 + i,
    low: 94_990 + i,
    close: 95_001 + i,
  }))
}

/** The canned provider: names, two quotes, messages, history, ratios and SMA. */
function cannedProvider(recorder: RecordingServer, now: number) {
  recorder.reply(`GET /v2${titlesPath}`, {
    body: {
      data: [
        { id: apple, name: 'Apple Inc (provider)', type: 'company', codes: ['AAPL', 'US0378331005'] },
        { id: String(bitcoin), name: 'Bitcoin BTC', type: 'crypto_currency', ticker: 'BTC' },
        { id: 12, name: 'Not in our universe' },
        { name: 'no id' },
      ],
    },
  })
  recorder.reply(`GET /v2/titles/${apple}/quotes`, {
    body: { last: 231.5, bid: 231.4, ask: 231.6, time: iso(now - 5000), source: 'xnas' },
  })
  recorder.reply(`GET /v2/titles/${bitcoin}/quotes`, {
    body: [
      { price: '95000', time: Math.floor((now - 60_000) / 1000) },
      { last: 95_100.5, time: now - 1000 },
    ],
  })
  recorder.reply(`GET /v2${titlesPath}/messages`, {
    body: [
      {
        id: 'p-1',
        text: 'Loving $AAPL today, Tesla too',
        time: iso(now - 10 * 60_000),
        author: { name: 'Ann Lee', screen_name: 'annlee', profile_image_url: 'https://img.example/ann.png' },
        titles: [{ id: apple }, { id: tesla }],
      },
      {
        message_id: 42,
        tweet: 'BTC breaks out: Bitcoin at 95k',
        t: Math.floor((now - 5 * 60_000) / 1000),
        sub: 'Crypto rally',
        twitter_user: {
          name: 'Bo',
          screen_name: 'bo_trades',
          profile_image_url: 'https://img.example/bo.png',
        },
        titles: [{ title_id: bitcoin, start_index: 16, end_index: 23 }],
      },
      {
        id: 'p-3',
        text: '🚀 $tsla to the moon, says @elon',
        time: now - 2 * 60_000,
        author: { username: '@moonboy' },
        titles: [{ id: tesla, start_index: 3, end_index: 99 }, { id: apple }],
      },
      { id: 'p-4', text: 'No author here $AAPL', time: now - 60_000, titles: [{ id: apple }] },
      { id: 'p-5', text: 'Only $XYZ', time: now - 60_000, author: { name: 'X' }, titles: [{ id: 12 }] },
      {
        id: 'p-6',
        text: 'Nothing named',
        time: now - 60_000,
        author: { name: 'Y' },
        titles: [{ id: apple }],
      },
    ],
  })
  recorder.reply(`GET /v2/titles/${bitcoin}/history`, (request) => {
    const from = Date.parse(String(request.query.startDate))
    return { body: now - from < 2 * dayMs ? minuteBars(now) : dailyBars(now) }
  })
  recorder.reply(`GET /v2/titles/${apple}/history`, { body: { [apple]: dailyBars(now) } })
  recorder.reply(`GET /v2/titles/${apple}/price_ratios`, {
    body: { pe: '35.2', market_cap: 3.5e12, eps: 6.6, sales: 391e9, book_value: 3.8, pb: null },
  })
  recorder.reply(`GET /v2/titles/${apple}/sma`, { body: { sma_50: 210.25, sma_200: 190 } })
}

describe.each(dialects)('provider-backed market on %s', (dialect) => {
  let recorder: RecordingServer
  let server: TestServer
  let market: ProviderMarket
  let guest: HttpClient
  let now: number
  const ticks: Tick[] = []
  const pushed: ServerMessage[] = []

  beforeAll(async () => {
    recorder = await startRecordingServer()
    server = await providerServer(recorder, dialect)
    market = providerMarket(server)
    market.onTick((tick) => ticks.push(tick))
    market.onMessage((message) => pushed.push(message))
    guest = new HttpClient(server.url)
    now = server.clock.now()
    cannedProvider(recorder, now)
    await market.refresh()
  })
  afterAll(async () => {
    await server.stop()
    await recorder.close()
  })

  it('serves the universe with the provider names, ours where it has none, and our trading hours', async () => {
    server.hours.setHours(apple, 'real')
    server.hours.setHours(bitcoin, 'real')
    const answer = await guest.get<Title[]>('/v1/stockgame/universe')
    expect(answer.status).toBe(200)
    expect(answer.body.map((title) => title.id)).toEqual(ids)
    expect(answer.body.find((title) => title.id === apple)).toEqual({
      id: apple,
      n: 'Apple Inc (provider)',
      type: 'others',
      c: ['AAPL', 'US0378331005'],
      currency: 'USD',
      hours: { zone: 'America/New_York', days: [1, 2, 3, 4, 5], open: 570, close: 960 },
    })
    expect(answer.body.find((title) => title.id === bitcoin)).toEqual({
      id: bitcoin,
      n: 'Bitcoin BTC',
      type: 'crypto_currency',
      c: ['BTC'],
      currency: 'USD',
      hours: { zone: 'UTC', days: [1, 2, 3, 4, 5, 6, 7], open: 0, close: 1440 },
    })
    expect(answer.body.find((title) => title.id === tesla)?.n).toBe('Tesla Inc.')
  })

  it('asks the provider with the configured basic auth on the versioned paths', () => {
    expect(recorder.requests.length).toBeGreaterThan(ids.length)
    for (const request of recorder.requests) {
      expect(request.method).toBe('GET')
      expect(request.headers.authorization).toBe(basic)
      expect(request.path.startsWith('/v2/titles/')).toBe(true)
    }
    const paths = recorder.requests.map((request) => request.path)
    expect(paths).toContain(titlesPath.replace('/titles', '/v2/titles'))
    for (const id of ids) expect(paths).toContain(`/v2/titles/${id}/quotes`)
    const messages = recorder.requests.find((request) => request.path.endsWith('/messages'))
    expect(messages?.query).toMatchObject({ type: 'tweets', limit: '100' })
    expect(Date.parse(String(messages?.query.startDate))).toBeLessThanOrEqual(now - 23 * 3_600_000)
  })

  it('serves the latest prices from the canned quotes and ticks only changed prices', async () => {
    expect(ticks.map((tick) => tick.id).sort((a, b) => a - b)).toEqual([apple, bitcoin])
    const appleTick = await guest.get<Tick>(`/v1/market/titles/${apple}/tick`)
    expect(appleTick.status).toBe(200)
    expect(appleTick.body).toEqual({ id: apple, a: 231.6, b: 231.4, l: 231.5, s: 'xnas', t: now - 5000 })
    const btc = (await guest.get<Tick>(`/v1/market/titles/${bitcoin}/tick`)).body
    expect(btc).toMatchObject({ id: bitcoin, l: 95_100.5, s: 'sp', t: now - 1000 })
    expect(btc.b).toBeLessThan(btc.l)
    expect(btc.a).toBeGreaterThan(btc.l)
    // a title without a quote yet has no tick
    expect((await guest.get(`/v1/market/titles/${tesla}/tick`)).status).toBe(404)

    expect(await market.pollQuotes()).toEqual([])
    recorder.reply(`GET /v2/titles/${apple}/quotes`, {
      body: { last: 232, bid: 231.9, ask: 232.1, time: now },
    })
    const moved = await market.pollQuotes()
    expect(moved).toEqual([{ id: apple, a: 232.1, b: 231.9, l: 232, s: 'sp', t: now }])
    expect(ticks.at(-1)).toEqual(moved[0])
    expect(market.latestTick(apple)?.l).toBe(232)
    expect(await market.priceAt(apple, now - 2000)).toBe(231.5)
    expect(await market.priceAt(apple, now + 1000)).toBe(232)
  })

  it('lists the canned messages to players with exact title indices', async () => {
    const expected: ServerMessage[] = [
      {
        message_id: 'p-3',
        twitter_user: { profile_image_url: '', name: 'moonboy', screen_name: 'moonboy' },
        tweet: '🚀 $tsla to the moon, says @elon',
        t: Math.floor((now - 2 * 60_000) / 1000),
        titles: [{ title_id: tesla, start_index: 3, end_index: 8 }],
      },
      {
        message_id: '42',
        twitter_user: {
          profile_image_url: 'https://img.example/bo.png',
          name: 'Bo',
          screen_name: 'bo_trades',
        },
        tweet: 'BTC breaks out: Bitcoin at 95k',
        sub: 'Crypto rally',
        t: Math.floor((now - 5 * 60_000) / 1000),
        titles: [{ title_id: bitcoin, start_index: 16, end_index: 23 }],
      },
      {
        message_id: 'p-1',
        twitter_user: {
          profile_image_url: 'https://img.example/ann.png',
          name: 'Ann Lee',
          screen_name: 'annlee',
        },
        tweet: 'Loving $AAPL today, Tesla too',
        t: Math.floor((now - 10 * 60_000) / 1000),
        titles: [
          { title_id: apple, start_index: 7, end_index: 12 },
          { title_id: tesla, start_index: 20, end_index: 25 },
        ],
      },
    ]
    const { client } = await signUpPlayer(server)
    const answer = await client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(expected)
    expect(expected[0]?.tweet.slice(3, 8)).toBe('$tsla')
    expect([...pushed].reverse()).toEqual(expected)
    const rows = await server.ctx.db.selectFrom('marketMessages').select('messageId').execute()
    expect(rows.map((row) => row.messageId).sort()).toEqual(['42', 'p-1', 'p-3'])
    expect(await market.message('42')).toEqual(expected[1])
    // fetched again, nothing is new
    expect(await market.publishDueMessages()).toEqual([])
    expect(pushed).toHaveLength(3)
  })

  it('serves charts from the canned history, bucketed to the range interval', async () => {
    const year = await guest.get<Chart>(`/v1/market/titles/${bitcoin}/chart?range=year`)
    expect(year.status).toBe(200)
    expect(year.body).toMatchObject({ titleId: bitcoin, range: 'year', interval: '1d', currency: 'USD' })
    expect(year.body.bars).toEqual(
      dailyBars(now).map((bar) => ({
        t: Date.parse(bar.date) / 1000,
        o: bar.open,
        h: bar.high,
        l: bar.low,
        c: bar.close,
      })),
    )
    const today = await guest.get<Chart>(`/v1/market/titles/${bitcoin}/chart?range=today`)
    expect(today.body.interval).toBe('5m')
    const all = minuteBars(now)
    const inside = all.filter((bar) => bar.date * 1000 >= midnight(now))
    // in the first minute of a UTC day no minute bar is today's: the last one stands in
    const minutes = inside.length > 0 ? inside : all.slice(-1)
    const buckets = new Map<number, typeof minutes>()
    for (const bar of minutes) {
      const t = Math.floor(bar.date / 300) * 300
      buckets.set(t, [...(buckets.get(t) ?? []), bar])
    }
    expect(today.body.bars).toEqual(
      [...buckets].map(([t, bars]) => ({
        t,
        o: bars[0]?.open,
        h: Math.max(...bars.map((bar) => bar.high)),
        l: Math.min(...bars.map((bar) => bar.low)),
        c: bars.at(-1)?.close,
      })),
    )
    const historyCalls = recorder.requests.filter(
      (request) => request.path === `/v2/titles/${bitcoin}/history`,
    )
    expect(historyCalls.length).toBe(2)
    for (const call of historyCalls) {
      expect(Date.parse(String(call.query.startDate))).toBeLessThan(Date.parse(String(call.query.endDate)))
    }
    expect((await guest.get('/v1/market/titles/77/chart?range=all')).status).toBe(404)
  })

  it('serves fundamentals from price ratios, SMA and the canned history', async () => {
    const answer = await guest.get<Fundamentals>(`/v1/market/titles/${apple}/fundamentals`)
    expect(answer.status).toBe(200)
    const bars = dailyBars(now)
    const closes = bars.map((bar) => bar.close)
    expect(answer.body).toEqual({
      titleId: apple,
      currency: 'USD',
      price: 232,
      marketCap: 3.5e12,
      previousClose: closes.at(-1),
      week52High: Math.max(232, ...bars.map((bar) => bar.high)),
      week52Low: Math.min(...bars.map((bar) => bar.low)),
      earnings: 6.6,
      sales: 391e9,
      bookValue: 3.8,
      sma50: 210.25,
      rsi14: Math.round((rsi(closes, 14) as number) * 100) / 100,
      pe: 35.2,
      pb: Math.round((232 / 3.8) * 100) / 100,
      ps: Math.round((3.5e12 / 391e9) * 100) / 100,
      asOf: now,
    })
    expect(sma(closes, 50)).not.toBe(210.25)
    // nothing known of a title (no quote, no bars): unavailable, not unknown
    const none = await guest.get<{ error: { code: string } }>(`/v1/market/titles/${tesla}/fundamentals`)
    expect(none.status).toBe(503)
    expect(none.body.error.code).toBe('market_unavailable')
    const empty = await guest.get<Chart>(`/v1/market/titles/${tesla}/chart?range=month`)
    expect(empty.status).toBe(200)
    expect(empty.body.bars).toEqual([])
  })

  it('keeps the last values when the provider answers 500, and the server answers normally', async () => {
    const [chartBefore, fundamentalsBefore, tickBefore, universeBefore] = await Promise.all([
      guest.get<Chart>(`/v1/market/titles/${bitcoin}/chart?range=year`),
      guest.get<Fundamentals>(`/v1/market/titles/${apple}/fundamentals`),
      guest.get<Tick>(`/v1/market/titles/${apple}/tick`),
      guest.get<Title[]>('/v1/stockgame/universe'),
    ])
    for (const path of [
      `${titlesPath}`,
      `${titlesPath}/messages`,
      `/titles/${apple}/quotes`,
      `/titles/${bitcoin}/history`,
      `/titles/${apple}/history`,
      `/titles/${apple}/price_ratios`,
      `/titles/${apple}/sma`,
    ])
      recorder.reply(`GET /v2${path}`, { status: 500, body: { error: 'down' } })
    server.clock.advance(10 * 60_000)
    recorder.requests.length = 0

    expect(await market.refreshTitles()).toBe(false)
    expect(await market.pollQuotes()).toEqual([])
    expect(await market.publishDueMessages()).toEqual([])
    const [chart, fundamentals, tick, universe] = await Promise.all([
      guest.get<Chart>(`/v1/market/titles/${bitcoin}/chart?range=year`),
      guest.get<Fundamentals>(`/v1/market/titles/${apple}/fundamentals`),
      guest.get<Tick>(`/v1/market/titles/${apple}/tick`),
      guest.get<Title[]>('/v1/stockgame/universe'),
    ])
    expect(chart.status).toBe(200)
    expect(chart.body).toEqual(chartBefore.body)
    expect(fundamentals.status).toBe(200)
    expect(fundamentals.body).toEqual(fundamentalsBefore.body)
    expect(tick.body).toEqual(tickBefore.body)
    expect(universe.body).toEqual(universeBefore.body)
    // the provider was asked, with the client's retries (one attempt and three retries per GET)
    const attempts = (path: string) =>
      recorder.requests.filter((request) => request.path === `/v2${path}`).length
    expect(attempts(`/titles/${apple}/quotes`)).toBe(4)
    expect(attempts(`/titles/${bitcoin}/history`)).toBe(4)
    expect(attempts(`/titles/${apple}/price_ratios`)).toBe(4)
    expect(attempts(`${titlesPath}/messages`)).toBe(4)
    const { client } = await signUpPlayer(server)
    const messages = await client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')
    expect(messages.status).toBe(200)
    expect(messages.body.map((message) => message.message_id)).toEqual(['p-3', '42', 'p-1'])
    expect((await guest.get('/v1/health')).status).toBe(200)
  })
})

describe('provider credentials and timers', () => {
  let recorder: RecordingServer
  let server: TestServer | undefined
  beforeAll(async () => {
    recorder = await startRecordingServer()
  })
  afterEach(async () => {
    await server?.stop()
    server = undefined
    recorder.reset()
  })
  afterAll(() => recorder.close())

  it.each([
    [{ PROVIDER_API_KEY: 'k-123' }, 'x-api-key', 'k-123'],
    [{ PROVIDER_API_KEY: 'k-456', PROVIDER_API_KEY_HEADER: 'X-Provider-Key' }, 'x-provider-key', 'k-456'],
    [{ PROVIDER_TOKEN: 'tok-789' }, 'authorization', 'Bearer tok-789'],
  ])('sends %o as %s', async (credentials, header, value) => {
    server = await startTestServer('sqlite', { env: { PROVIDER_URL: recorder.url, ...credentials } })
    expect(await providerMarket(server).refreshTitles()).toBe(true)
    const [request] = recorder.requests
    expect(request?.path).toBe(titlesPath)
    expect(request?.headers[header]).toBe(value)
    if (header !== 'authorization') expect(request?.headers.authorization).toBeUndefined()
  })

  it('polls on its own once started, and stops', async () => {
    server = await providerServer(recorder, 'sqlite', {
      PROVIDER_POLL_INTERVAL_MS: '100',
      PROVIDER_MESSAGE_POLL_INTERVAL_MS: '100',
    })
    const market = providerMarket(server)
    recorder.reply(`GET /v2/titles/${bitcoin}/quotes`, () => ({
      body: { last: 90_000 + recorder.requests.length },
    }))
    market.start()
    await vi.waitFor(
      () => {
        const paths = recorder.requests.map((request) => request.path)
        expect(paths.filter((path) => path === `/v2/titles/${bitcoin}/quotes`).length).toBeGreaterThan(1)
        expect(paths.filter((path) => path === `/v2${titlesPath}/messages`).length).toBeGreaterThan(1)
      },
      { timeout: 10_000, interval: 50 },
    )
    expect(market.latestTick(bitcoin)?.l).toBeGreaterThan(90_000)
    market.stop()
    await new Promise((resolve) => setTimeout(resolve, 300))
    const count = recorder.requests.length
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(recorder.requests.length).toBe(count)
  })

  it('uses the simulation without PROVIDER_URL', async () => {
    server = await startTestServer('sqlite')
    expect(server.hours.inner).toBeInstanceOf(SimulatedMarket)
  })
})

describe('provider configuration', () => {
  const base = { ALPHA_SECRET: 'test-secret-that-is-at-least-32-characters-long', ALPHA_DATA_DIR: '/tmp' }
  const load = (env: Record<string, string>) => loadConfig({ ...base, ...env })

  it('reads the provider settings', () => {
    expect(load({}).provider).toBeUndefined()
    expect(load({ PROVIDER_URL: 'https://api.example/v2/', PROVIDER_TOKEN: 't' }).provider).toEqual({
      baseUrl: 'https://api.example/v2',
      auth: { type: 'token', token: 't' },
      pollIntervalMs: 5000,
      messagePollIntervalMs: 15_000,
    })
    expect(
      load({
        PROVIDER_URL: 'http://provider.local',
        PROVIDER_USERNAME: 'u',
        PROVIDER_PASSWORD: 'p',
        PROVIDER_API_KEY_HEADER: '',
        PROVIDER_POLL_INTERVAL_MS: '2000',
      }).provider,
    ).toMatchObject({ auth: { type: 'basic', username: 'u', password: 'p' }, pollIntervalMs: 2000 })
    expect(
      load({ PROVIDER_URL: 'http://p.local', PROVIDER_API_KEY: 'k', PROVIDER_API_KEY_HEADER: 'X-Key' })
        .provider?.auth,
    ).toEqual({ type: 'apiKey', key: 'k', header: 'x-key' })
  })

  it.each([
    [{ PROVIDER_TOKEN: 't' }, /without PROVIDER_URL/],
    [{ PROVIDER_API_KEY_HEADER: 'X-Key' }, /without PROVIDER_URL/],
    [{ PROVIDER_URL: 'https://api.example' }, /exactly one kind of credentials/],
    [{ PROVIDER_URL: 'https://api.example', PROVIDER_TOKEN: 't', PROVIDER_API_KEY: 'k' }, /exactly one/],
    [{ PROVIDER_URL: 'https://api.example', PROVIDER_USERNAME: 'u' }, /needs both/],
    [{ PROVIDER_URL: 'https://api.example', PROVIDER_PASSWORD: 'p' }, /needs both/],
    [{ PROVIDER_URL: 'https://api.example', PROVIDER_USERNAME: 'a:b', PROVIDER_PASSWORD: 'p' }, /colon/],
    [
      { PROVIDER_URL: 'https://api.example', PROVIDER_TOKEN: 't', PROVIDER_API_KEY_HEADER: 'X' },
      /without PROVIDER_API_KEY/,
    ],
    [
      { PROVIDER_URL: 'https://api.example', PROVIDER_API_KEY: 'k', PROVIDER_API_KEY_HEADER: 'bad header' },
      /header name/,
    ],
    [{ PROVIDER_URL: 'ftp://api.example', PROVIDER_TOKEN: 't' }, /http\(s\)/],
    [{ PROVIDER_URL: 'https://api.example/?v=2', PROVIDER_TOKEN: 't' }, /without query/],
    [{ PROVIDER_URL: 'not a url', PROVIDER_TOKEN: 't' }, /not a URL/],
    [
      { PROVIDER_URL: 'https://api.example', PROVIDER_TOKEN: 't', PROVIDER_POLL_INTERVAL_MS: '5' },
      /POLL_INTERVAL/,
    ],
  ])('refuses %o', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError)
    expect(() => load(env)).toThrow(message)
  })
})
