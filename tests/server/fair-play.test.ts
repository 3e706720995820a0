import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runningOnTitleSql } from '../../server/game/fair-play'
import type { ApiErrorBody } from '../../src/api/errors'
import type { TagResponse } from '../../src/api/predictions'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { zonedIsoMinute } from '../../src/domain/zoned-time'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import type { Pair } from '../support/game'
import { aroundTheClock, closedUntilTheDayAfterTomorrow } from '../support/hours-market'
import { advanceBy, balanceOf, bitcoin, pollsOf, toNextPollStart } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * Fair play (src/domain/fair-play.ts, FAQ "Fair play"): no opposite running predictions on one title, and
 * no tag or bet on a title whose market is closed. The server refuses both with 409 and stores nothing.
 */
describe.each(dialects)('fair play on %s', (dialect) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ALPHA_POLL_TITLES: String(bitcoin) } })
    await server.ctx.market.publishDueMessages()
  })
  afterAll(() => server.stop())

  function tag(player: SignedUp, pair: Pair, trend: 'Up' | 'Down') {
    return player.client.post<TagResponse & ApiErrorBody>(
      `/v1/stockgame/tagged-messages/${encodeURIComponent(pair.messageId)}/tag`,
      { userId: player.user.id, titleId: pair.titleId, messageId: pair.messageId, trend },
    )
  }

  const used = new Set<string>()
  /** Two fresh pairs (two messages) of one title, each handed out once. */
  async function twoOfOneTitle(): Promise<[Pair, Pair]> {
    await server.ctx.market.publishDueMessages()
    const messages = await server.ctx.market.recentMessages({
      sinceMs: server.clock.now() - 24 * 3_600_000,
      limit: 400,
    })
    const byTitle = new Map<number, Pair[]>()
    for (const message of messages) {
      for (const { title_id: titleId } of message.titles) {
        const key = `${message.message_id}/${titleId}`
        if (used.has(key) || titleId === bitcoin || !server.ctx.market.latestTick(titleId)) continue
        const pair = { messageId: message.message_id, titleId }
        const known = byTitle.get(titleId)
        if (known) known.push(pair)
        else byTitle.set(titleId, [pair])
      }
    }
    for (const [first, second] of byTitle.values()) {
      if (!first || !second) continue
      used.add(`${first.messageId}/${first.titleId}`)
      used.add(`${second.messageId}/${second.titleId}`)
      return [first, second]
    }
    throw new Error('no title with two fresh messages')
  }

  async function storedOf(player: SignedUp) {
    return server.ctx.db
      .selectFrom('taggedMessages')
      .select(['messageId', 'titleId', 'trend'])
      .where('userId', '=', player.user.id)
      .execute()
  }

  it('refuses a prediction opposite to a running one on the title, naming it; the same direction passes', async () => {
    const player = await signUpPlayer(server)
    const [first, second] = await twoOfOneTitle()
    const up = await tag(player, first, 'Up')
    expect(up.status).toBe(200)
    const down = await tag(player, second, 'Down')
    expect(down.status).toBe(409)
    const name = server.ctx.market.title(first.titleId)?.n
    const judgedAt = zonedIsoMinute(up.body.taggedMessage.createdAt + evaluationDelayMs, 'Europe/Berlin')
    expect(down.body.error).toEqual({
      code: 'opposite_prediction',
      message: `Warning: Your Up prediction on ${name} runs until it is judged at ${judgedAt}; until then you cannot predict the opposite.`,
    })
    expect(await storedOf(player)).toEqual([{ ...first, trend: 'Up' }])
    // another player is not bound by it, and the same direction stays allowed
    expect((await tag(await signUpPlayer(server), second, 'Down')).status).toBe(200)
    expect((await tag(player, second, 'Up')).status).toBe(200)
  })

  it('allows the opposite direction once the running prediction is judged', async () => {
    const player = await signUpPlayer(server)
    const [first, second] = await twoOfOneTitle()
    expect((await tag(player, first, 'Down')).status).toBe(200)
    expect((await tag(player, second, 'Up')).status).toBe(409)
    // the evaluation job judges it on the clock's move (runAll)
    await advanceBy(server, evaluationDelayMs + 60_000)
    const evaluated = await server.ctx.db
      .selectFrom('evaluationProgress')
      .select('evaluatedTo')
      .executeTakeFirst()
    expect(Number(evaluated?.evaluatedTo)).toBeGreaterThan(server.clock.now() - 60_000)
    expect((await tag(player, second, 'Up')).status).toBe(200)
  })

  it('refuses a tag on a title whose market is closed, saying when it opens', async () => {
    const player = await signUpPlayer(server)
    const [pair] = await twoOfOneTitle()
    const closed = closedUntilTheDayAfterTomorrow(server.clock.now())
    server.hours.setHours(pair.titleId, closed.hours)
    try {
      for (const trend of ['Up', 'Down'] as const) {
        const answer = await tag(player, pair, trend)
        expect(answer.status).toBe(409)
        expect(answer.body.error).toEqual({
          code: 'market_closed',
          message: `Warning: The market of ${server.ctx.market.title(pair.titleId)?.n} is closed. It opens at ${zonedIsoMinute(closed.opensAt, 'Europe/Berlin')}.`,
        })
      }
      expect(await storedOf(player)).toEqual([])
    } finally {
      // back to the suite's default (its real hours would close it for the later tests, by wall time)
      server.hours.setHours(pair.titleId, aroundTheClock)
    }
  })

  it('refuses a bet on an open poll whose title market is closed and keeps the money', async () => {
    const player = await signUpPlayer(server)
    const start = await toNextPollStart(server)
    const poll = (await pollsOf(player)).find((p) => p.startTime === start && p.titleId === bitcoin)
    if (!poll) throw new Error('no poll opened')
    const closed = closedUntilTheDayAfterTomorrow(server.clock.now())
    server.hours.setHours(bitcoin, closed.hours)
    const balance = await balanceOf(server, player.user.id)
    const body = { pollId: poll.pollId, userId: player.user.id, vote: 'up', ttcBet: 5 }
    try {
      const refused = await player.client.post<ApiErrorBody>(`/v1/stockgame/polls/${poll.pollId}/vote`, body)
      expect(refused.status).toBe(409)
      expect(refused.body.error).toEqual({
        code: 'market_closed',
        message: `Warning: The market of Bitcoin is closed. It opens at ${zonedIsoMinute(closed.opensAt, 'Europe/Berlin')}.`,
      })
      expect(await balanceOf(server, player.user.id)).toBe(balance)
      const votes = await server.ctx.db
        .selectFrom('votes')
        .select('id')
        .where('userId', '=', player.user.id)
        .execute()
      expect(votes).toEqual([])
    } finally {
      server.hours.setHours(bitcoin, 'real')
    }
    // bitcoin trades around the clock: with its own hours the same bet passes
    const placed = await player.client.post(`/v1/stockgame/polls/${poll.pollId}/vote`, body)
    expect(placed.status).toBe(200)
  })

  it('takes one of two opposite tags sent at the same moment, never both', async () => {
    for (let round = 0; round < 5; round++) {
      const player = await signUpPlayer(server)
      const [first, second] = await twoOfOneTitle()
      const answers = await Promise.all([tag(player, first, 'Up'), tag(player, second, 'Down')])
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
      const refused = answers.find((a) => a.status === 409)
      expect(refused?.body.error.code).toBe('opposite_prediction')
      const stored = await storedOf(player)
      expect(stored).toHaveLength(1)
    }
  })

  // Query plans are SQLite's own format; PostgreSQL's planner is not asserted here.
  if (dialect === 'sqlite')
    it("reads the running predictions of pending keys per key, not by the player's whole history", async () => {
      const plan = (
        await sql<{ detail: string }>`explain query plan ${runningOnTitleSql(1, bitcoin, 0)}`.execute(
          server.ctx.db,
        )
      ).rows.map((row) => row.detail)
      // the recent ones by the player's (user, created_at) range
      expect(plan).toContain('SEARCH t USING INDEX tagged_messages_user_created (user_id=? AND created_at>?)')
      // those of pending keys (normally none): the pending keys, then each one's minute of the due index
      expect(plan).toContain('SCAN p USING INDEX evaluation_prices_pending')
      expect(plan).toContain(
        'SEARCH t USING INDEX tagged_messages_due (evaluation_due_at>? AND evaluation_due_at<?)',
      )
      // never the player's whole history, nor every prediction of the title
      expect(plan.join('\n')).not.toMatch(
        /tagged_messages_user_created \(user_id=\?\)|tagged_messages_title_created|SCAN t\b/,
      )
    })
})
