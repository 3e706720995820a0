import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ActivityStreamElement, activityPageSchema } from '../../src/api/activity'
import { defaultGroupId, type Group } from '../../src/api/groups'
import type { Poll } from '../../src/api/polls'
import { type GameState, stateSchema } from '../../src/api/state'
import { type ActivityElement, groupActivity, isEvaluatedElement } from '../../src/domain/activity-grouping'
import { nextPollStart } from '../../src/domain/poll-schedule'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { advanceClock, advanceClockTo, bet, type Pair, PairSource, tag } from '../support/game'
import { addActiveMembers, createGroup } from '../support/groups'
import { bitcoin } from '../support/polls'
import { PricedMarket } from '../support/priced-market'
import { startTestServer, type TestServer } from '../support/test-server'

const minute = 60_000
const hour = 60 * minute

describe.each(dialects)('activity stream and state on %s', (dialect) => {
  let server: TestServer
  let market: PricedMarket
  let pairs: PairSource
  let a: SignedUp
  let b: SignedUp
  let outsider: SignedUp
  let crew: Group
  let lounge: Group
  let poll: Poll

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { ALPHA_POLL_TITLES: String(bitcoin) },
      market: (simulated) => {
        market = new PricedMarket(simulated)
        return market
      },
    })
    pairs = new PairSource(server, [bitcoin])
    a = await signUpPlayer(server)
    b = await signUpPlayer(server)
    outsider = await signUpPlayer(server)
    crew = await createGroup(a, { name: 'Crew' })
    await addActiveMembers(a, crew.id, [b])
    lounge = await createGroup(outsider, { name: 'Lounge', publicGroup: true })
    expect((await a.client.patch('/v1/session', { activeGroupId: crew.id })).status).toBe(200)
    // the next poll start, bets open
    await advanceClockTo(server, nextPollStart(server.clock.now(), server.ctx.config.timeZone) + 1000)
    const polls = (await a.client.get<Poll[]>('/v1/stockgame/polls')).body
    poll = polls[0] as Poll
  })
  afterAll(() => server.stop())

  async function page(player: SignedUp, query = '') {
    const answer = await player.client.get<ActivityStreamElement[]>(`/v1/stockgame/activity${query}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    activityPageSchema.parse(answer.body)
    return answer.body
  }

  const userIdOf = (element: ActivityStreamElement) =>
    element.type === 'TaggedMessage' || element.type === 'Vote' ? element.data.userId : undefined

  it("shows the active group's members' predictions and bets, polls and the next poll, newest first", async () => {
    const [p1, p2, p3] = (await pairs.take(3)) as [Pair, Pair, Pair]
    await tag(a, p1, 'Up')
    await advanceClock(server, 1000)
    await tag(outsider, p2, 'Down')
    await tag(b, p3, 'Down')
    await bet(b, poll, 'up', 3)
    await bet(outsider, poll, 'down', 4)

    const elements = await page(a)
    expect(elements[0]?.type).toBe('PollAnnouncement')
    expect(elements[0]?.timestamp).toBeGreaterThan(server.clock.now())
    expect(elements[0]?.data).toMatchObject({ timeZone: server.ctx.config.timeZone })
    const timestamps = elements.map((element) => element.timestamp)
    expect(timestamps).toEqual([...timestamps].sort((x, y) => y - x))
    const players = new Set(elements.map(userIdOf).filter((id) => id !== undefined))
    expect(players).toEqual(new Set([a.user.id, b.user.id]))
    const vote = elements.find((element) => element.type === 'Vote')
    // betting is open: side and stake stay hidden
    expect(vote?.data).toMatchObject({ userId: b.user.id, username: b.username, vote: null, ttcBet: null })
    const opened = elements.find((element) => element.type === 'Poll')
    expect(opened?.data).toMatchObject({ pollId: poll.pollId, event: 'opened' })
    const made = elements.filter((element) => element.type === 'TaggedMessage')
    expect(made.map((element) => element.data.messageId).sort()).toEqual([p1.messageId, p3.messageId].sort())
    for (const element of made) {
      expect(element.evaluationTime).toBe(element.timestamp + evaluationDelayMs)
      expect(isEvaluatedElement(element as ActivityElement)).toBe(false)
    }

    // group 1000 holds everybody
    const everyone = await page(outsider)
    expect(new Set(everyone.map(userIdOf).filter((id) => id !== undefined))).toEqual(
      new Set([a.user.id, b.user.id, outsider.user.id]),
    )
  })

  it('adds the evaluations with evalPrice and evaluationTime = timestamp, and shows bets once betting closed', async () => {
    await advanceClockTo(server, poll.evalTime + minute)
    const elements = await page(a)
    const evaluated = elements.filter(
      (element) => element.type === 'TaggedMessage' && isEvaluatedElement(element as ActivityElement),
    )
    expect(evaluated).toHaveLength(2)
    for (const element of evaluated) {
      if (element.type !== 'TaggedMessage') continue
      expect(element.evalPrice).not.toBeNull()
      expect(element.data.evaluatedAt).toBe(element.timestamp)
      expect(element.data.correct).toEqual(expect.any(Boolean))
    }
    expect(groupActivity(elements as ActivityElement[]).map((group) => group.type)).toContain(
      'TaggedMessageEvaluated',
    )
    const vote = elements.find((element) => element.type === 'Vote')
    expect(vote?.data).toMatchObject({ vote: 'up', ttcBet: 3 })
    const settled = elements.find((element) => element.type === 'Poll' && element.data.event === 'settled')
    expect(settled?.data).toMatchObject({ pollId: poll.pollId, outcome: expect.any(String) })
  })

  it('pages with before= and never splits a timestamp', async () => {
    const many = await pairs.take(23)
    for (const [i, p] of many.entries()) {
      // the direction by title: a player holds no opposite running predictions on one (fair play)
      await tag(i % 2 ? a : b, p, p.titleId % 3 ? 'Up' : 'Down')
      if (i % 4 === 0) await advanceClock(server, 1000)
    }
    // ten predictions made in the same millisecond (as a job's do): longer than a page
    const moment = server.clock.now() - 5 * minute
    await server.ctx.db
      .insertInto('taggedMessages')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          userId: a.user.id,
          titleId: 2494,
          messageId: `same-moment-${i}`,
          trend: 'Up' as const,
          atPrice: 100,
          createdAt: moment,
          evaluationDueAt: moment + evaluationDelayMs,
          rewardFactor: 1,
        })),
      )
      .execute()
    const whole = await page(a, '?limit=100')
    expect(whole.length).toBeLessThan(100)
    const seen: ActivityStreamElement[] = []
    const sizes: number[] = []
    let before: number | undefined
    for (let i = 0; i < 50; i++) {
      const next = await page(a, `?limit=7${before === undefined ? '' : `&before=${before}`}`)
      if (next.length === 0) break
      sizes.push(next.length)
      seen.push(...next)
      before = next[next.length - 1]?.timestamp
    }
    const key = (element: ActivityStreamElement) => JSON.stringify(element)
    expect(seen.map(key)).toEqual(whole.map(key))
    // the run of ten came whole, in a page of its own
    expect(sizes).toContain(10)
    expect(sizes.filter((size) => size > 7)).toEqual([10])
    // every prediction of the members once as made, the two of the first test once more as evaluated
    expect(seen.filter((element) => element.type === 'TaggedMessage')).toHaveLength(2 + 2 + 23 + 10)
    expect((await a.client.get('/v1/stockgame/activity?limit=101')).status).toBe(400)
    expect((await a.client.get('/v1/stockgame/activity?before=abc')).status).toBe(400)
  })

  it('answers the state: users, at most 50 polls of known titles, rankings, chronic, public groups', async () => {
    // 60 more polls, and one of a title the market does not know
    const start = server.clock.now() - 30 * 24 * hour
    await server.ctx.db
      .insertInto('polls')
      .values([
        ...Array.from({ length: 60 }, (_, i) => ({
          titleId: 2494,
          priceBase: 100,
          startTime: start + i * hour,
          endTime: start + i * hour + 2 * hour,
          evalTime: start + i * hour + 6 * hour,
          createdAt: start,
        })),
        {
          titleId: 1,
          priceBase: 1,
          startTime: start,
          endTime: start + 1,
          evalTime: start + 2,
          createdAt: start,
        },
      ])
      .execute()
    const answer = await a.client.get<GameState>('/v1/stockgame/state')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('private, max-age=5')
    const state = stateSchema.parse(answer.body)
    expect(state.polls).toHaveLength(50)
    const ends = state.polls.map((p) => p.endTime)
    expect(ends).toEqual([...ends].sort((x, y) => y - x))
    expect(state.polls.some((p) => p.titleId === 1)).toBe(false)
    const own = state.polls.find((p) => p.pollId === poll.pollId)
    expect(own?.votes).toEqual([])
    const bStatePolls = stateSchema.parse((await b.client.get('/v1/stockgame/state')).body).polls
    expect(bStatePolls.find((p) => p.pollId === poll.pollId)?.votes).toMatchObject([
      { vote: 'up', ttcBet: 3 },
    ])

    expect(Object.keys(state.rankings).sort()).toEqual([String(crew.id), String(defaultGroupId)].sort())
    const crewWeek = state.rankings[crew.id]
    expect(Object.keys(crewWeek ?? {}).sort()).toEqual(['all_time', 'last_week', 'this_week'])
    const ranked = new Set(crewWeek?.all_time.map((row) => row.userId))
    expect([...ranked].every((id) => id === a.user.id || id === b.user.id)).toBe(true)
    expect(state.chronic).toEqual((await page(a)).slice(0, state.chronic.length))
    expect(state.chronic.length).toBeGreaterThan(20)
    const named = new Set(state.users.map((user) => user.id))
    for (const element of state.chronic) {
      const id = userIdOf(element)
      if (id !== undefined) expect(named.has(id)).toBe(true)
    }
    for (const user of state.users)
      expect(user).toMatchObject({ rank: expect.any(Number), liveRank: expect.any(Number) })
    expect(state.publicGroups.map((group) => group.id)).toContain(lounge.id)
    expect(state.publicGroups.map((group) => group.id)).not.toContain(defaultGroupId)

    // a member who leaves sees group 1000 again
    expect((await b.client.get(`/v1/stockgame/groups/${crew.id}/leave`)).status).toBe(204)
    const bState = stateSchema.parse((await b.client.get('/v1/stockgame/state')).body)
    expect(Object.keys(bState.rankings)).toEqual([String(defaultGroupId)])
    expect((await server.app.inject({ method: 'GET', url: '/v1/stockgame/state' })).statusCode).toBe(401)
  })

  it("sends helmet's headers on the state (kept, not rebuilt) as on other routes, and 401s", async () => {
    const reference = await a.client.get('/v1/health')
    const securityHeaders = (headers: Headers) =>
      Object.fromEntries(
        [...headers].filter(
          ([name]) =>
            ![
              'date',
              'content-length',
              'content-type',
              'cache-control',
              'etag',
              'x-server-time',
              'vary',
              'content-encoding',
              'connection',
              'keep-alive',
            ].includes(name),
        ),
      )
    const expected = securityHeaders(reference.headers)
    expect(expected['content-security-policy']).toBeDefined()
    for (let i = 0; i < 3; i++)
      expect(securityHeaders((await a.client.get('/v1/stockgame/state')).headers)).toEqual(expected)
    const guest = await server.app.inject({ method: 'GET', url: '/v1/stockgame/state' })
    expect(guest.statusCode).toBe(401)
    expect(guest.headers['content-security-policy']).toBe(expected['content-security-policy'])
  })

  it('gzips the state for clients that take gzip, the same JSON, and sends it plain to the others', async () => {
    const cookie = [...a.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const state = (encoding?: string) =>
      server.app.inject({
        method: 'GET',
        url: '/v1/stockgame/state',
        headers: { cookie, ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) },
      })
    const plain = await state()
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('accept-encoding')
    for (const encoding of ['gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8', '*']) {
      const zipped = await state(encoding)
      expect(zipped.statusCode).toBe(200)
      expect(zipped.headers['content-encoding'], encoding).toBe('gzip')
      expect(zipped.headers.vary).toBe('accept-encoding')
      expect(zipped.headers['cache-control']).toBe('private, max-age=5')
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.payload)
    }
    for (const encoding of ['identity', 'gzip;q=0, deflate', '*;q=0']) {
      const unzipped = await state(encoding)
      expect(unzipped.headers['content-encoding'], encoding).toBeUndefined()
      expect(unzipped.payload).toBe(plain.payload)
    }
    // a client that takes brotli and not gzip gets it as every JSON answer over 1 KB (server/http/gzip-answer.ts)
    const brotli = await state('br')
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toBe('accept-encoding')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.payload)
    // a browser's fetch unzips it: the answer is the schema's
    const answer = await a.client.get('/v1/stockgame/state', { headers: { 'accept-encoding': 'gzip' } })
    expect(answer.headers.get('content-encoding')).toBe('gzip')
    expect(stateSchema.parse(answer.body)).toEqual(JSON.parse(plain.payload))
  })

  it('ends a kept session at once: after logout the same cookie is refused', async () => {
    const player = await signUpPlayer(server)
    const cookie = [...player.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const state = () => server.app.inject({ method: 'GET', url: '/v1/stockgame/state', headers: { cookie } })
    expect((await state()).statusCode).toBe(200)
    expect((await state()).statusCode).toBe(200)
    expect((await player.client.post('/v1/auth/logout')).status).toBe(204)
    expect((await state()).statusCode).toBe(401)
  })

  it('sees a new prediction at once: the cached parts follow the data', async () => {
    const before = stateSchema.parse((await a.client.get('/v1/stockgame/state')).body)
    const [p] = (await pairs.take(1)) as [Pair]
    // the direction by title, as the paging test above tags: no opposite of a running prediction
    await tag(a, p, p.titleId % 3 ? 'Up' : 'Down')
    const after = stateSchema.parse((await a.client.get('/v1/stockgame/state')).body)
    const newest = after.chronic.find((element) => element.type === 'TaggedMessage')
    expect(newest?.type === 'TaggedMessage' && newest.data.messageId).toBe(p.messageId)
    expect(after.chronic).not.toEqual(before.chronic)
  })
})
