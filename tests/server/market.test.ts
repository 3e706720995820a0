import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Chart,
  type Fundamentals,
  type ServerMessage,
  type Tick,
  type Title,
  timeRangeIds,
} from '../../src/api/market'
import { defaultWatchList } from '../../src/domain/default-watch-list'
import { signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

const hourMs = 3_600_000
const apple = 2494
const bitcoin = 99979

/** Milliseconds from `now` to the next Saturday 12:00 UTC at least a minute away: every exchange is shut then. */
function untilSaturdayNoon(now: number): number {
  const target = new Date(now + 60_000)
  target.setUTCHours(12, 0, 0, 0)
  while (target.getUTCDay() !== 6 || target.getTime() < now + 60_000)
    target.setUTCDate(target.getUTCDate() + 1)
  return target.getTime() - now
}

describe.each(dialects)('market data on %s', (dialect) => {
  let server: TestServer
  let guest: HttpClient
  beforeAll(async () => {
    server = await startTestServer(dialect)
    guest = new HttpClient(server.url)
  })
  afterAll(() => server.stop())

  it('serves the universe, each title with its trading hours', async () => {
    server.hours.setHours(apple, 'real')
    const answer = await guest.get<Title[]>('/v1/stockgame/universe')
    expect(answer.status).toBe(200)
    expect(answer.body.length).toBeGreaterThanOrEqual(60)
    const ids = answer.body.map((title) => title.id)
    for (const id of [...defaultWatchList, 99965, 99966, 99967, 99990, 1000000, 1000004])
      expect(ids).toContain(id)
    expect(answer.body.find((title) => title.id === apple)).toEqual({
      id: apple,
      n: 'Apple Inc.',
      type: 'others',
      c: ['AAPL', 'US0378331005'],
      currency: 'USD',
      hours: { zone: 'America/New_York', days: [1, 2, 3, 4, 5], open: 570, close: 960 },
    })
    expect(answer.body.find((title) => title.id === 1000004)?.currency).toBe('PTS')
  })

  it('serves the latest tick and 404 for unknown titles', async () => {
    const tick = await guest.get<Tick>(`/v1/market/titles/${bitcoin}/tick`)
    expect(tick.status).toBe(200)
    expect(tick.body).toMatchObject({ id: bitcoin, s: 'sp' })
    expect(tick.body.b).toBeLessThan(tick.body.l)
    expect(tick.body.l).toBeLessThan(tick.body.a)
    const unknown = await guest.get<{ error: { code: string } }>('/v1/market/titles/12/tick')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('not_found')
    expect((await guest.get('/v1/market/titles/abc/tick')).status).toBe(400)
  })

  it('serves chart bars for every time range', async () => {
    for (const range of timeRangeIds) {
      const answer = await guest.get<Chart>(`/v1/market/titles/${apple}/chart?range=${range}`)
      expect(answer.status, range).toBe(200)
      expect(answer.body).toMatchObject({ titleId: apple, range, currency: 'USD' })
      expect(answer.body.bars.length, range).toBeGreaterThan(0)
    }
    const year = await guest.get<Chart>(`/v1/market/titles/${bitcoin}/chart?range=year`)
    expect(year.body.bars.length).toBeGreaterThanOrEqual(365)
    const fallback = await guest.get<Chart>(`/v1/market/titles/${apple}/chart`)
    expect(fallback.body.range).toBe('today')
    expect((await guest.get(`/v1/market/titles/${apple}/chart?range=decade`)).status).toBe(400)
    expect((await guest.get('/v1/market/titles/77/chart?range=all')).status).toBe(404)
  })

  it('serves the fundamentals', async () => {
    const answer = await guest.get<Fundamentals>(`/v1/market/titles/${apple}/fundamentals`)
    expect(answer.status).toBe(200)
    for (const field of [
      'marketCap',
      'previousClose',
      'week52High',
      'week52Low',
      'earnings',
      'sales',
      'bookValue',
      'sma50',
      'rsi14',
      'pe',
      'pb',
      'ps',
    ] as const) {
      expect(typeof answer.body[field], field).toBe('number')
    }
    expect((await guest.get('/v1/market/titles/77/fundamentals')).status).toBe(404)
  })

  it('moves prices of open markets as the clock advances and not of closed ones', async () => {
    server.clock.advance(untilSaturdayNoon(server.clock.now()))
    const before = await Promise.all(
      [apple, bitcoin].map((id) => guest.get<Tick>(`/v1/market/titles/${id}/tick`)),
    )
    server.clock.advance(3 * hourMs)
    const after = await Promise.all(
      [apple, bitcoin].map((id) => guest.get<Tick>(`/v1/market/titles/${id}/tick`)),
    )
    expect(after[0]?.body).toEqual(before[0]?.body)
    expect(after[1]?.body.l).not.toBe(before[1]?.body.l)
    expect(after[1]?.body.t).toBeGreaterThanOrEqual((before[1]?.body.t ?? 0) + 3 * hourMs)
  })

  it('lists untagged messages to players only', async () => {
    const refused = await guest.get<{ error: { code: string } }>('/v1/stockgame/untagged-messages')
    expect(refused.status).toBe(401)
    const { client } = await signUpPlayer(server)
    const answer = await client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')
    expect(answer.status).toBe(200)
    const messages = answer.body
    expect(messages.length).toBeGreaterThan(0)
    expect(messages.length).toBeLessThanOrEqual(50)
    const times = messages.map((message) => message.t)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect((times[0] ?? 0) * 1000).toBeLessThanOrEqual(server.clock.now())
    for (const message of messages) {
      for (const mention of message.titles) {
        const text = message.tweet.slice(mention.start_index, mention.end_index)
        expect(text.length).toBeGreaterThan(1)
      }
      // on whatever origin the page came from (the API's)
      expect(message.twitter_user.profile_image_url).toMatch(/^\/v1\/market\/avatars\/[a-z0-9_]+\.svg$/)
    }
    expect(new Set(messages.map((message) => message.message_id)).size).toBe(messages.length)
    // stored: asked again, the same messages come back as they were
    const again = await client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')
    const first = new Map(messages.map((message) => [message.message_id, message]))
    const common = again.body.filter((message) => first.has(message.message_id))
    expect(common.length).toBeGreaterThanOrEqual(messages.length - 2)
    for (const message of common) expect(message).toEqual(first.get(message.message_id))
  })

  it('keeps published messages in the database, shared with the list', async () => {
    const published = await server.ctx.market.publishDueMessages()
    expect(published.length).toBeGreaterThan(0)
    const rows = await server.ctx.db.selectFrom('marketMessages').select(['messageId', 'createdAt']).execute()
    expect(rows.map((row) => row.messageId)).toEqual(
      expect.arrayContaining(published.map((m) => m.message_id)),
    )
    const newest = published.at(-1) as ServerMessage
    expect(await server.ctx.market.message(newest.message_id)).toEqual(newest)
    const again = await server.ctx.market.publishDueMessages()
    expect(again.filter((m) => published.some((p) => p.message_id === m.message_id))).toEqual([])
    const { client } = await signUpPlayer(server)
    const listed = (await client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')).body
    expect(listed).toContainEqual(newest)
  })

  it('serves the authors avatars', async () => {
    const { client } = await signUpPlayer(server)
    const [message] = (await client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')).body
    const avatar = await guest.get<string>(message?.twitter_user.profile_image_url ?? '/missing')
    expect(avatar.status).toBe(200)
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml')
    expect(avatar.body).toContain('<svg')
    expect((await guest.get('/v1/market/avatars/nobody_here.svg')).status).toBe(404)
    expect((await guest.get('/v1/market/avatars/bad%20name.svg')).status).toBe(400)
  })
})
