import { type AddressInfo, createServer } from 'node:net'
import { sql } from 'kysely'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { inReadTransaction } from '../../server/db/read-transaction'
import { inTransaction } from '../../server/db/transaction'
import { mayReadMetrics } from '../../server/metrics/metrics-access'
import { titleIds } from '../../src/domain/default-watch-list'
import { signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { DrivenMarket } from '../support/driven-market'
import { bet, PairSource, tag } from '../support/game'
import { groupsPath } from '../support/groups'
import { HttpClient } from '../support/http-client'
import { metricSample } from '../support/metrics-text'
import { openNextPoll } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

const token = 'metrics-token-of-the-operator'
const outsider = '203.0.113.7'

/** One sample line of Prometheus' text format: name, optional labels, a number (prom-client writes NaN as 'Nan'). */
const sampleLine = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf)$/

/** The value of the first sample whose line starts with `prefix` (name and labels as written). */

describe('who may read /metrics', () => {
  const caller = { remoteAddress: '127.0.0.1', forwarded: false, authorization: undefined }
  it('lets loopback callers in, IPv4, IPv6 and mapped', () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(mayReadMetrics({ ...caller, remoteAddress }, undefined), remoteAddress).toBe(true)
  })
  it('keeps other addresses and proxied requests out without the token', () => {
    for (const remoteAddress of [outsider, '10.0.0.1', '::ffff:10.0.0.1', '::2', '128.0.0.1', undefined])
      expect(mayReadMetrics({ ...caller, remoteAddress }, undefined), remoteAddress).toBe(false)
    expect(mayReadMetrics({ ...caller, forwarded: true }, undefined)).toBe(false)
    expect(mayReadMetrics({ ...caller, forwarded: true }, token)).toBe(false)
  })
  it('lets anyone in with the bearer token, nobody with another', () => {
    const from = (authorization: string) => ({ remoteAddress: outsider, forwarded: true, authorization })
    expect(mayReadMetrics(from(`Bearer ${token}`), token)).toBe(true)
    expect(mayReadMetrics(from(`Bearer ${token}x`), token)).toBe(false)
    expect(mayReadMetrics(from(token), token)).toBe(false)
    expect(mayReadMetrics(from('Bearer '), token)).toBe(false)
    expect(mayReadMetrics(from(`Bearer ${token}`), undefined)).toBe(false)
  })
})

describe.each(dialects)('GET /metrics on %s', (dialect) => {
  let server: TestServer
  let market: DrivenMarket
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { METRICS_TOKEN: token },
      market: (simulated) => {
        market = new DrivenMarket(simulated)
        return market
      },
    })
  })
  afterAll(() => server.stop())

  const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    server.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress })

  it('answers Prometheus text with the Node, HTTP, pool, job and realtime metrics', async () => {
    await server.app.inject({ method: 'GET', url: '/v1/health' })
    await server.app.inject({ method: 'GET', url: '/v1/users/12345' })
    await server.ctx.jobs.runAll()
    const answer = await scrape()
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const lines = answer.body.split('\n').filter((l) => l && !l.startsWith('#'))
    for (const line of lines) expect(line).toMatch(sampleLine)
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'db_pool_connections_in_use',
      'db_pool_waiting',
      'realtime_sockets_connected',
      'realtime_ticks_delivered_total',
    ])
      expect(metricSample(answer.body, `${name} `), name).toBeGreaterThanOrEqual(0)
    expect(answer.body).toContain('# TYPE nodejs_gc_duration_seconds histogram')
    // by the route's pattern, never the concrete path
    expect(
      metricSample(
        answer.body,
        'http_request_duration_seconds_count{method="GET",route="/v1/health",status_code="200"}',
      ),
    ).toBe(1)
    // (a bare '12345' may be a digit run of any sample's value, e.g. the mean loop lag)
    expect(answer.body).not.toContain('/v1/users/12345')
    expect(answer.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/v1\/users\/:user",status_code="401"\} 1/,
    )
    expect(
      metricSample(answer.body, 'job_run_duration_seconds_count{game_job="evaluate due predictions"}'),
    ).toBeGreaterThanOrEqual(1)
  })

  it('counts the passes of a job that failed, by job', async () => {
    let fails = true
    server.ctx.jobs.register({
      name: 'flaky job',
      run: async () => {
        if (fails) throw new Error('the database went away')
      },
    })
    await server.ctx.jobs.runAll()
    await server.ctx.jobs.runAll()
    fails = false
    await server.ctx.jobs.runAll()
    const body = (await scrape()).body
    expect(metricSample(body, 'job_failures_total{game_job="flaky job"}')).toBe(2)
    expect(metricSample(body, 'job_run_duration_seconds_count{game_job="flaky job"}')).toBe(3)
    // the game's own jobs did not fail
    expect(body).not.toContain('job_failures_total{game_job="evaluate due predictions"}')
  })

  it('times how long transactions and read transactions waited for a connection', async () => {
    const count = async () => metricSample((await scrape()).body, 'db_pool_wait_seconds_count ') ?? Number.NaN
    const before = await count()
    expect(before).toBeGreaterThanOrEqual(0)
    const db = server.ctx.db
    // one held connection makes the next transaction queue (SQLite has one; PostgreSQL's pool has room,
    // so both still count one wait each)
    await Promise.all([
      inTransaction(db, async (tx) => {
        await sql`select 1`.execute(tx)
      }),
      inTransaction(db, async () => {}),
      inReadTransaction(db, async (executor) => {
        await sql`select 1`.execute(executor)
      }),
    ])
    expect(await count()).toBeGreaterThanOrEqual(before + 3)
    expect((await scrape()).body).toContain('db_pool_wait_seconds_bucket{le="0.0001"}')
  })

  it('counts connected sockets and the ticks written to them', async () => {
    const player = await signUpPlayer(server)
    const socket: Socket = io(server.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin: server.url },
    })
    try {
      const fingerprint = 'd41d8cd98f00b204e9800998ecf8427e'
      const credentials = player.user.websocketCredentials
      expect(await socket.timeout(5000).emitWithAck('authorize', { credentials, fingerprint })).toBe(true)
      await socket.timeout(5000).emitWithAck('subscribe title ticks', [titleIds.apple])
      const before = metricSample((await scrape()).body, 'realtime_ticks_delivered_total ') ?? Number.NaN
      expect(metricSample((await scrape()).body, 'realtime_sockets_connected ')).toBe(1)
      const ticks: unknown[] = []
      socket.on('tick', (tick) => ticks.push(tick))
      for (const step of [1, 2, 3]) market.emitTick(market.tickOf(titleIds.apple, server.clock.now(), step))
      market.emitTick(market.tickOf(titleIds.tesla, server.clock.now()))
      await socket.timeout(5000).emitWithAck('subscribe title ticks', [titleIds.apple])
      expect(ticks).toHaveLength(3)
      expect(metricSample((await scrape()).body, 'realtime_ticks_delivered_total ')).toBe(before + 3)
    } finally {
      socket.disconnect()
    }
  })

  it('counts the mails the mailer took', async () => {
    const sent = async () => metricSample((await scrape()).body, 'mail_messages_total{result="sent"} ') ?? 0
    const before = await sent()
    const player = await signUpPlayer(server)
    await server.mailer.nextMail(player.email)
    expect(await sent()).toBe(before + 1)
  })

  it('refuses callers off this machine unless they send the token; a proxied request counts as off', async () => {
    const refused = await scrape({}, outsider)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'Metrics are for operators: call from this machine or send the metrics token.',
      },
    })
    expect((await scrape({ 'x-forwarded-for': outsider })).statusCode).toBe(403)
    expect((await scrape({ forwarded: `for=${outsider}` })).statusCode).toBe(403)
    expect((await scrape({ authorization: 'Bearer wrong-token-of-someone' }, outsider)).statusCode).toBe(403)
    const allowed = await scrape({ authorization: `Bearer ${token}` }, outsider)
    expect(allowed.statusCode).toBe(200)
    expect(allowed.body).toContain('process_cpu_seconds_total')
  })

  it("counts players' actions once each (a replay or a bot's not again), and the community's size", async () => {
    const action = (text: string, name: string) =>
      metricSample(text, `game_actions_total{action="${name}"} `) ?? 0
    const players = (text: string, scope: string) =>
      metricSample(text, `game_players{scope="${scope}"} `) ?? Number.NaN
    const before = (await scrape()).body
    const player = await signUpPlayer(server)
    // a second device signs in
    const laptop = new HttpClient(server.url)
    expect(
      (await laptop.post('/v1/auth/signin', { login: player.username, password: player.password })).status,
    ).toBe(200)
    const [pair] = await new PairSource(server).take(1)
    if (!pair) throw new Error('no message to tag')
    await tag(player, pair, 'Up')
    // the SPA's retry after a lost answer: the same key is answered from the store, not written again
    const retried = { headers: { 'idempotency-key': `group-${player.username}` } }
    for (const attempt of [1, 2])
      expect(
        (await player.client.post(groupsPath, { name: 'Counted' }, retried)).status,
        `attempt ${attempt}`,
      ).toBe(201)
    // the jobs run on the way to the poll: the bots tag and bet there, uncounted
    const poll = await openNextPoll(server, player)
    await bet(player, poll, 'up', 1)

    const after = (await scrape()).body
    expect({
      signup: action(after, 'signup') - action(before, 'signup'),
      sign_in: action(after, 'sign_in') - action(before, 'sign_in'),
      prediction: action(after, 'prediction') - action(before, 'prediction'),
      group_created: action(after, 'group_created') - action(before, 'group_created'),
      bet: action(after, 'bet') - action(before, 'bet'),
    }).toEqual({ signup: 1, sign_in: 2, prediction: 1, group_created: 1, bet: 1 })
    expect(players(after, 'all')).toBe(players(before, 'all') + 1)
    expect(players(after, 'active_24h')).toBe(players(before, 'active_24h') + 1)
    // the people, not the bots
    const bots = await server.ctx.db.selectFrom('bots').select('userId').execute()
    const users = await server.ctx.db.selectFrom('users').select('id').execute()
    expect(players(after, 'all')).toBe(users.length - bots.length)
  })
})

describe('mail_messages_total when the mail server refuses', () => {
  let server: TestServer
  beforeAll(async () => {
    // a port nothing listens on: every SMTP connection is refused
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    server = await startTestServer('sqlite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      realMailer: true,
    })
  })
  afterAll(() => server.stop())

  it('counts a mail that could not be sent as failed, none as sent', async () => {
    const scrape = async () => (await server.app.inject({ method: 'GET', url: '/metrics' })).body
    await signUpPlayer(server)
    // the confirmation mail is sent after the sign-up's answer
    await vi.waitFor(
      async () => expect(metricSample(await scrape(), 'mail_messages_total{result="failed"} ')).toBe(1),
      { timeout: 5000 },
    )
    expect(metricSample(await scrape(), 'mail_messages_total{result="sent"} ')).toBeUndefined()
  })
})
