import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultGroupId } from '../../src/api/groups'
import type { Poll } from '../../src/api/polls'
import type { RankingRow } from '../../src/api/rankings'
import { type GameState, stateSchema } from '../../src/api/state'
import { nextPollStart } from '../../src/domain/poll-schedule'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { advanceClock, advanceClockTo, bet, PairSource, tag } from '../support/game'
import { createGroup } from '../support/groups'
import { HttpClient } from '../support/http-client'
import { bitcoin } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

const redisUrl = process.env.ALPHA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const minute = 60_000

const setups = ['sqlite', 'postgres', 'two processes on postgres and redis'] as const

/**
 * Issue 16, point 3: the state is built from parts kept per process (rankings and chronic per group,
 * polls, public groups) while their versions hold; a write that changes a part must be seen by the
 * next state call, on each dialect and on every process of a cluster. Players write through `writer`
 * and read their state (cached there first) through `reader`: the same server, or, for the cluster, two
 * app instances on one PostgreSQL database and one Redis (a key prefix of this run).
 */
describe.each(setups)('the state follows every write of a part on %s', (setup) => {
  const prefix = `alpha-test-${randomBytes(5).toString('hex')}:`
  const cluster = setup === 'two processes on postgres and redis'
  const env = {
    ALPHA_POLL_TITLES: String(bitcoin),
    ...(cluster ? { REDIS_URL: redisUrl, ALPHA_REDIS_PREFIX: prefix } : {}),
  }
  let writer: TestServer
  let reader: TestServer
  let author: SignedUp
  let watcher: SignedUp
  /** the watcher's session, used on the reader */
  let watcherThere: HttpClient
  let pairs: PairSource

  beforeAll(async () => {
    writer = await startTestServer(setup === 'sqlite' ? 'sqlite' : 'postgres', { env })
    const databaseUrl = writer.ctx.config.databaseUrl ?? ''
    reader = cluster
      ? await startTestServer('postgres', { env: { ...env, DATABASE_URL: databaseUrl } })
      : writer
    pairs = new PairSource(writer, [bitcoin])
    author = await signUpPlayer(writer)
    watcher = await signUpPlayer(writer)
    watcherThere = new HttpClient(reader.url)
    for (const [name, value] of watcher.client.cookies) watcherThere.cookies.set(name, value)
  }, 60_000)
  afterAll(async () => {
    if (reader !== writer) await reader?.stop()
    await writer?.stop()
    if (!cluster) return
    const redis = new Redis(redisUrl)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })

  async function stateOnReader(): Promise<GameState> {
    const answer = await watcherThere.get('/v1/stockgame/state')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return stateSchema.parse(answer.body)
  }

  /** Both processes' clocks read the cluster's time (the reader hears of an advance through Redis). */
  async function clocksAgree(): Promise<void> {
    const deadline = Date.now() + 10_000
    while (Math.abs(reader.clock.now() - writer.clock.now()) > 1000) {
      if (Date.now() > deadline) throw new Error('the reader did not take the cluster time')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  it('shows a public group made through the writer', async () => {
    const before = await stateOnReader()
    const group = await createGroup(author, { name: 'Open Floor', publicGroup: true })
    expect(before.publicGroups.map((g) => g.id)).not.toContain(group.id)
    expect((await stateOnReader()).publicGroups.map((g) => g.id)).toContain(group.id)
  })

  it("shows a tag made through the writer in group 1000's chronic", async () => {
    const before = await stateOnReader()
    const [pair] = await pairs.take(1)
    if (!pair) throw new Error('no pair')
    await tag(author, pair, 'Up')
    const tagged = (state: GameState) =>
      state.chronic.some(
        (element) => element.type === 'TaggedMessage' && element.data.messageId === pair.messageId,
      )
    expect(tagged(before)).toBe(false)
    expect(tagged(await stateOnReader())).toBe(true)
  })

  it("shows a bet made through the writer in the open poll's counts", async () => {
    await advanceClockTo(writer, nextPollStart(writer.clock.now(), writer.ctx.config.timeZone) + minute)
    await clocksAgree()
    const polls = (await author.client.get<Poll[]>('/v1/stockgame/polls')).body
    const open = polls.find((poll) => poll.phase === 'open') ?? polls[0]
    if (!open) throw new Error('no poll opened')
    const countOf = (state: GameState) => {
      const poll = state.polls.find((p) => p.pollId === open.pollId)
      return poll ? JSON.stringify({ ...poll, phase: undefined, votes: undefined }) : 'missing'
    }
    const before = countOf(await stateOnReader())
    expect(before).not.toBe('missing')
    await bet(author, open, 'up', 5)
    expect(countOf(await stateOnReader())).not.toBe(before)
  })

  it("shows the player's own bet made through the writer in its poll's votes, as the polls route does", async () => {
    const polls = (await watcher.client.get<Poll[]>('/v1/stockgame/polls')).body
    const open = polls.find((poll) => poll.phase === 'open' && poll.votes.length === 0)
    if (!open) throw new Error('no open poll without a bet of the watcher')
    const votesOf = (state: GameState) => state.polls.find((p) => p.pollId === open.pollId)?.votes
    expect(votesOf(await stateOnReader())).toEqual([])
    await bet(watcher, open, 'down', 12.5)
    const listed = (await watcher.client.get<Poll[]>('/v1/stockgame/polls')).body
    const own = listed.find((poll) => poll.pollId === open.pollId)?.votes
    expect(own).toEqual([
      expect.objectContaining({ userId: watcher.user.id, vote: 'down', ttcBet: 12.5, payout: null }),
    ])
    expect(votesOf(await stateOnReader())).toEqual(own)
  })

  it('shows rankings the writer folded after evaluating', async () => {
    // opposite tags of two players on one title: one of them is right when evaluated 3 h on
    const [pair] = await pairs.take(1)
    if (!pair) throw new Error('no pair')
    await tag(author, pair, 'Up')
    await tag(watcher, pair, 'Down')
    const week = (state: GameState) => state.rankings[defaultGroupId]?.this_week ?? []
    const before = week(await stateOnReader())
    // the writer's jobs evaluate the tags and fold them into the rankings
    await advanceClock(writer, evaluationDelayMs + 5 * minute)
    await clocksAgree()
    const after = week(await stateOnReader())
    expect(after).not.toEqual(before)
    const onWriter = await author.client.get<RankingRow[]>(
      `/v1/stockgame/rankings?period=this_week&groupId=${defaultGroupId}`,
    )
    expect(onWriter.status).toBe(200)
    expect(after).toEqual(onWriter.body.slice(0, after.length))
    expect(after.some((row) => row.userId === author.user.id || row.userId === watcher.user.id)).toBe(true)
  })
})
