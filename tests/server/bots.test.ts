import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { botDirection, botRoster, ensureBots, playBotTurns } from '../../server/game/bots'
import { evaluatedAtColumn, predictionsWithEvaluation } from '../../server/game/evaluated-predictions'
import type { ActivityStreamElement } from '../../src/api/activity'
import type { RankingRow } from '../../src/api/rankings'
import { nextPollStart, pollEvaluationDelayMs } from '../../src/domain/poll-schedule'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { advanceClockTo } from '../support/game'
import { closedUntilTheDayAfterTomorrow } from '../support/hours-market'
import { HttpClient } from '../support/http-client'
import { bitcoin, moneyInGame } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

const minute = 60_000

describe('bot direction', () => {
  it('follows its style as often as its skill says, a coin otherwise', () => {
    const trend = { style: 'trend' as const, skill: 0.8 }
    expect(botDirection(trend, 1, 0.1, 0.9)).toBe('up')
    expect(botDirection(trend, -1, 0.1, 0.1)).toBe('down')
    expect(botDirection({ style: 'contrarian', skill: 0.8 }, 1, 0.1, 0.1)).toBe('down')
    // beyond its skill, or without a move: the coin
    expect(botDirection(trend, 1, 0.9, 0.9)).toBe('down')
    expect(botDirection(trend, 0, 0.1, 0.1)).toBe('up')
    expect(botDirection({ style: 'random', skill: 1 }, 1, 0, 0.9)).toBe('down')
  })
})

describe.each(dialects)('bots on %s', (dialect) => {
  let server: TestServer
  let player: SignedUp

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ALPHA_BOTS: '1', ALPHA_POLL_TITLES: String(bitcoin) } })
    player = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  const botIds = async () =>
    (await server.ctx.db.selectFrom('bots').select('userId').execute()).map((row) => row.userId)

  it('joins as real players of group 1000 with the sign-up grant, once, and cannot sign in', async () => {
    await server.ctx.jobs.runAll()
    const ids = await botIds()
    expect(ids).toHaveLength(botRoster.length)
    const users = await server.ctx.db.selectFrom('users').selectAll().where('id', 'in', ids).execute()
    expect(new Set(users.map((user) => user.username)).size).toBe(botRoster.length)
    for (const user of users) {
      expect(user.passwordHash).toBeNull()
      expect(user.email).not.toContain('@')
    }
    const members = await server.ctx.db
      .selectFrom('groupMembers')
      .select('userId')
      .where('groupId', '=', 1000)
      .where('userId', 'in', ids)
      .execute()
    expect(members).toHaveLength(botRoster.length)
    const grants = await server.ctx.db
      .selectFrom('ledger')
      .innerJoin('wallets', 'wallets.address', 'ledger.walletAddress')
      .select('ledger.amount')
      .where('ledger.type', '=', 'grant')
      .where('wallets.userId', 'in', ids)
      .execute()
    expect(grants.map((row) => Number(row.amount))).toEqual(ids.map(() => 100_00))

    expect(await ensureBots(server.ctx, server.clock.now())).toBe(0)
    const name = users[0]?.username as string
    for (const login of [name, `bot:${name.toLowerCase()}`]) {
      const answer = await new HttpClient(server.url).post('/v1/auth/signin', {
        login,
        password: 'correct horse battery staple',
      })
      expect(answer.status).toBe(401)
    }
  })

  it('tag and bet on the server clock, so rankings and the activity stream come alive', async () => {
    const start = nextPollStart(server.clock.now(), server.ctx.config.timeZone)
    await advanceClockTo(server, start + minute)
    // turns come every 20 to 50 minutes
    for (let t = start + 30 * minute; t <= start + 2 * 60 * minute; t += 30 * minute)
      await advanceClockTo(server, t)
    await advanceClockTo(server, start + pollEvaluationDelayMs + minute)

    const ids = await botIds()
    const predictions = await predictionsWithEvaluation(server.ctx.db)
      .select(['t.userId', evaluatedAtColumn])
      .where('t.userId', 'in', ids)
      .execute()
    expect(new Set(predictions.map((row) => row.userId)).size).toBeGreaterThan(botRoster.length / 2)
    expect(predictions.some((row) => row.evaluatedAt !== null)).toBe(true)
    // the polls judged by now: a poll start may fall on the last step (a 20:00 start's evaluation is at
    // 02:00, when the night's crypto poll opens and the bots bet on it)
    const bets = await server.ctx.db
      .selectFrom('votes')
      .innerJoin('polls', 'polls.id', 'votes.pollId')
      .select(['votes.userId', 'votes.payout'])
      .where('votes.userId', 'in', ids)
      .where('polls.evalTime', '<=', server.clock.now())
      .execute()
    expect(bets.length).toBeGreaterThan(0)
    expect(bets.every((row) => row.payout !== null)).toBe(true)

    const ranking = await player.client.get<RankingRow[]>('/v1/stockgame/rankings?period=all_time')
    expect(ranking.body.length).toBeGreaterThan(botRoster.length / 2)
    expect(ranking.body.every((row) => ids.includes(row.userId))).toBe(true)
    const stream: ActivityStreamElement[] = []
    for (let query = '?limit=100'; stream.length < 2000; ) {
      const page = (await player.client.get<ActivityStreamElement[]>(`/v1/stockgame/activity${query}`)).body
      if (page.length === 0) break
      stream.push(...page)
      query = `?limit=100&before=${page[page.length - 1]?.timestamp}`
    }
    expect(stream.some((element) => element.type === 'Vote')).toBe(true)
    expect(stream.some((element) => element.type === 'TaggedMessage')).toBe(true)

    const money = await moneyInGame(server)
    expect(money.lowestBalance).toBeGreaterThanOrEqual(0)
    expect(money.wallets + money.openPots).toBe(money.created)
  })

  it('play fair: no tag on a closed market, never both directions running on one title', async () => {
    // the markets of even title ids close; the bots' next hour of turns
    const from = server.clock.now()
    await ensureBots(server.ctx, from)
    const closed = closedUntilTheDayAfterTomorrow(from)
    for (const title of server.ctx.market.titles())
      if (title.id % 2 === 0) server.hours.setHours(title.id, closed.hours)
    // every bot's turn comes within 50 minutes: two rounds, played here to count the refusals
    const rounds = { tags: 0, refusedTags: 0 }
    try {
      for (const t of [from + 50 * minute, from + 100 * minute]) {
        server.clock.advance(t - server.clock.now())
        await server.ctx.market.publishDueMessages()
        const done = await playBotTurns(server.ctx, server.clock.now())
        rounds.tags += done.tags
        rounds.refusedTags += done.refusedTags
      }
    } finally {
      for (const title of server.ctx.market.titles()) server.hours.setHours(title.id, 'real')
    }
    // the bots choose open markets and keep their running calls' direction: the server refuses none
    expect(rounds.tags).toBeGreaterThan(0)
    expect(rounds.refusedTags).toBe(0)
    const ids = await botIds()
    const made = await server.ctx.db
      .selectFrom('taggedMessages')
      .select(['userId', 'titleId', 'trend', 'createdAt'])
      .where('userId', 'in', ids)
      .execute()
    const since = made.filter((p) => Number(p.createdAt) > from)
    expect(since.length).toBeGreaterThan(0)
    expect(since.filter((p) => p.titleId % 2 === 0)).toEqual([])
    // two predictions of a bot on a title, running at the same time, point the same way
    for (const a of made)
      for (const b of made) {
        const overlap = Math.abs(Number(a.createdAt) - Number(b.createdAt)) < evaluationDelayMs
        if (a.userId === b.userId && a.titleId === b.titleId && overlap) expect(a.trend).toBe(b.trend)
      }
  })
})
