import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateDuePredictions } from '../../server/game/evaluate-predictions'
import { evaluationPriceGrainMs } from '../../server/game/prediction-sql'
import type { ServerMessage } from '../../src/api/market'
import {
  alreadyPredictedText,
  type TaggedMessage,
  type TaggedMessagePerformance,
  type TagResponse,
} from '../../src/api/predictions'
import type { Transaction } from '../../src/api/transactions'
import type { AuthUser } from '../../src/api/users'
import { evaluationDelayMs, isCorrectPrediction } from '../../src/domain/prediction'
import { rewardFactorFor } from '../../src/domain/reward-factor'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { PricedMarket } from '../support/priced-market'
import { logStatements } from '../support/statement-log'
import { startTestServer, type TestServer } from '../support/test-server'

interface Pair {
  messageId: string
  titleId: number
}

interface ErrorBody {
  error: { code: string; message: string }
}

const minuteMs = 60_000
const hourMs = 3_600_000

describe.each(dialects)('predictions on %s', (dialect) => {
  let server: TestServer
  let market: PricedMarket
  /** priceAt answers per title, for the titles a test decides; the simulation answers the rest */
  const evalPrices = new Map<number, (at: number) => number | undefined>()
  /** pairs handed out so far: every test tags pairs of its own */
  const used = new Set<string>()

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      market: (simulated) => {
        market = new PricedMarket(simulated)
        market.priceAtOverride = (id, at) => {
          const price = evalPrices.get(id)
          return price ? price(at) : 'inner'
        }
        return market
      },
    })
  })
  afterAll(() => server.stop())

  /** Fresh (message, title) pairs from the player's untagged messages, `count` of them. */
  async function freshPairs(player: SignedUp, count: number, distinctTitles = false): Promise<Pair[]> {
    await server.ctx.market.publishDueMessages()
    const messages = (await player.client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')).body
    const pairs: Pair[] = []
    const titles = new Set<number>()
    for (const message of messages) {
      for (const mention of message.titles) {
        const key = `${message.message_id}/${mention.title_id}`
        if (used.has(key) || (distinctTitles && titles.has(mention.title_id))) continue
        if (pairs.length < count) {
          used.add(key)
          titles.add(mention.title_id)
          pairs.push({ messageId: message.message_id, titleId: mention.title_id })
        }
      }
    }
    if (pairs.length < count) throw new Error(`only ${pairs.length} fresh pairs`)
    return pairs
  }

  async function freshPair(player: SignedUp): Promise<Pair> {
    return (await freshPairs(player, 1))[0] as Pair
  }

  function tag(
    player: SignedUp,
    pair: Pair,
    trend = 'Up',
    options: { headers?: Record<string, string>; body?: Record<string, unknown> } = {},
  ) {
    return player.client.post<TagResponse & ErrorBody>(
      `/v1/stockgame/tagged-messages/${encodeURIComponent(pair.messageId)}/tag`,
      { userId: player.user.id, titleId: pair.titleId, messageId: pair.messageId, trend, ...options.body },
      { headers: options.headers },
    )
  }

  async function advance(ms: number): Promise<void> {
    const answer = await new HttpClient(server.url).post('/v1/test/clock', { advanceMs: ms })
    expect(answer.status).toBe(200)
  }

  async function me(player: SignedUp): Promise<AuthUser> {
    const answer = await player.client.get<AuthUser>('/v1/auth/info')
    expect(answer.status).toBe(200)
    return answer.body
  }

  function predictionOf(user: AuthUser, pair: Pair): TaggedMessage | undefined {
    return user.taggedMessages.find((p) => p.messageId === pair.messageId && p.titleId === pair.titleId)
  }

  async function storedCount(pair: Pair): Promise<number> {
    const rows = await server.ctx.db
      .selectFrom('taggedMessages')
      .select('userId')
      .where('messageId', '=', pair.messageId)
      .where('titleId', '=', pair.titleId)
      .execute()
    return rows.length
  }

  it('tags a message at the server price, not the client one, and answers the new reward factor', async () => {
    const player = await signUpPlayer(server)
    const pair = await freshPair(player)
    market.pinLast(pair.titleId, 123.45)
    const before = server.clock.now()
    const answer = await tag(player, pair, 'up', { body: { atPrice: 1, rewardFactor: 5, createdAt: 0 } })
    expect(answer.status).toBe(200)
    expect(answer.body.rewardFactor).toBe(rewardFactorFor(1))
    const { taggedMessage } = answer.body
    expect(taggedMessage).toEqual({
      userId: player.user.id,
      titleId: pair.titleId,
      messageId: pair.messageId,
      trend: 'Up',
      atPrice: 123.45,
      createdAt: taggedMessage.createdAt,
      rewardFactor: 1,
    })
    expect(taggedMessage.createdAt).toBeGreaterThanOrEqual(before)
    expect(taggedMessage.createdAt).toBeLessThanOrEqual(server.clock.now())
    const row = await server.ctx.db
      .selectFrom('taggedMessages')
      .selectAll()
      .where('userId', '=', player.user.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ atPrice: 123.45, trend: 'Up' })
    expect(row.evaluationDueAt).toBe(row.createdAt + evaluationDelayMs)
  })

  it('refuses a second prediction on the same message and title with the spec warning', async () => {
    const player = await signUpPlayer(server)
    const pair = await freshPair(player)
    expect((await tag(player, pair, 'Up')).status).toBe(200)
    for (const trend of ['Up', 'Down']) {
      const again = await tag(player, pair, trend)
      expect(again.status).toBe(409)
      expect(again.body.error).toEqual({ code: 'already_predicted', message: alreadyPredictedText })
    }
    // another player may predict the same message and title
    expect((await tag(await signUpPlayer(server), pair, 'Down')).status).toBe(200)
    expect(await storedCount(pair)).toBe(2)
  })

  it('replays the first answer to a retry with the same Idempotency-Key', async () => {
    const player = await signUpPlayer(server)
    const pair = await freshPair(player)
    const first = await tag(player, pair, 'Down', { headers: { 'idempotency-key': 'tag-retry-1' } })
    expect(first.status).toBe(200)
    const retry = await tag(player, pair, 'Down', { headers: { 'idempotency-key': 'tag-retry-1' } })
    expect(retry.status).toBe(200)
    expect(retry.body).toEqual(first.body)
    const otherKey = await tag(player, pair, 'Down', { headers: { 'idempotency-key': 'tag-retry-2' } })
    expect(otherKey.status).toBe(409)
    expect(otherKey.body.error.message).toBe(alreadyPredictedText)
    expect(await storedCount(pair)).toBe(1)
    // the running count was not bumped by the replay
    expect((await me(player)).rewardFactor).toBe(rewardFactorFor(1))
  })

  it('refuses guests, other players ids, unknown messages and titles the message does not mention', async () => {
    const player = await signUpPlayer(server)
    const other = await signUpPlayer(server)
    const pair = await freshPair(player)
    const path = `/v1/stockgame/tagged-messages/${encodeURIComponent(pair.messageId)}/tag`
    const body = { userId: player.user.id, titleId: pair.titleId, messageId: pair.messageId, trend: 'Up' }

    const guest = await new HttpClient(server.url).post<ErrorBody>(path, body)
    expect(guest.status).toBe(401)
    const foreign = await other.client.post<ErrorBody>(path, body)
    expect(foreign.status).toBe(403)

    const unknown = await player.client.post<ErrorBody>('/v1/stockgame/tagged-messages/nope-1/tag', {
      ...body,
      messageId: 'nope-1',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.code).toBe('unknown_message')

    const message = await server.ctx.market.message(pair.messageId)
    const mentioned = new Set(message?.titles.map((t) => t.title_id))
    const notMentioned = server.ctx.market.titles().find((t) => !mentioned.has(t.id))?.id as number
    const wrongTitle = await player.client.post<ErrorBody>(path, { ...body, titleId: notMentioned })
    expect(wrongTitle.status).toBe(400)
    expect(wrongTitle.body.error.code).toBe('title_not_in_message')

    const mismatch = await player.client.post<ErrorBody>('/v1/stockgame/tagged-messages/other-1/tag', body)
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.error.code).toBe('message_mismatch')

    for (const bad of [{ trend: 'flat' }, { titleId: 'x' }, { userId: undefined }, { extra: 1 }]) {
      const answer = await player.client.post<ErrorBody>(path, { ...body, ...bad })
      expect(answer.status, JSON.stringify(bad)).toBe(400)
      expect(answer.body.error.code).toBe('validation_failed')
    }
    expect(await storedCount(pair)).toBe(0)
  })

  it('evaluates 3 hours later at the price then, credits a correct prediction once, an incorrect one not', async () => {
    const up = await signUpPlayer(server)
    const down = await signUpPlayer(server)
    const pair = await freshPair(up)
    market.pinLast(pair.titleId, 100)
    evalPrices.set(pair.titleId, () => 101.5)
    expect((await tag(up, pair, 'Up')).status).toBe(200)
    expect((await tag(down, pair, 'Down')).status).toBe(200)

    await advance(evaluationDelayMs - minuteMs)
    expect(predictionOf(await me(up), pair)?.evaluatedAt).toBeUndefined()

    await advance(minuteMs)
    const upUser = await me(up)
    const evaluated = predictionOf(upUser, pair) as TaggedMessage
    expect(evaluated.evalPrice).toBe(101.5)
    expect(evaluated.evaluatedAt).toBe(evaluated.createdAt + evaluationDelayMs)
    expect(upUser.wallet.balance).toBe(101)
    const downUser = await me(down)
    expect(predictionOf(downUser, pair)?.evalPrice).toBe(101.5)
    expect(downUser.wallet.balance).toBe(100)

    const ledger = await up.client.get<Transaction[]>(`/v1/stockgame/transactions/${upUser.wallet.address}`)
    expect(ledger.body.map((row) => [row.type, row.amount, row.reference])).toEqual([
      ['tag', 1, `tag:${pair.titleId}:${pair.messageId}`],
      ['grant', 100, 'signup'],
    ])
    const downLedger = await down.client.get<Transaction[]>(
      `/v1/stockgame/transactions/${downUser.wallet.address}`,
    )
    expect(downLedger.body.map((row) => row.type)).toEqual(['grant'])

    // the job runs again (twice), nothing changes
    await advance(0)
    await server.ctx.jobs.runAll()
    expect((await me(up)).wallet.balance).toBe(101)
    const again = await up.client.get<Transaction[]>(`/v1/stockgame/transactions/${upUser.wallet.address}`)
    expect(again.body).toEqual(ledger.body)
  })

  it('evaluates a late run at the price of the due time, not of the run', async () => {
    const player = await signUpPlayer(server)
    const pair = await freshPair(player)
    market.pinLast(pair.titleId, 10)
    // a price that differs every minute
    const priceAt = (at: number) => 10 + (Math.floor(at / minuteMs) % 100_000) / 1000
    evalPrices.set(pair.titleId, priceAt)
    expect((await tag(player, pair, 'Down')).status).toBe(200)
    await advance(evaluationDelayMs + 2 * hourMs)
    const prediction = predictionOf(await me(player), pair) as TaggedMessage
    const due = prediction.createdAt + evaluationDelayMs
    expect(prediction.evaluatedAt).toBe(due)
    // the price of the minute it fell due in (evaluationPriceGrainMs), not of the run two hours later
    expect(prediction.evalPrice).toBe(priceAt(due - (due % evaluationPriceGrainMs)))
    expect(prediction.evalPrice).not.toBe(priceAt(server.clock.now()))
  })

  it('evaluates at the simulated market price of the due minute when no test price is set', async () => {
    const player = await signUpPlayer(server)
    const pair = await freshPair(player)
    evalPrices.delete(pair.titleId)
    expect((await tag(player, pair, 'Up')).status).toBe(200)
    await advance(evaluationDelayMs)
    const prediction = predictionOf(await me(player), pair) as TaggedMessage
    const due = prediction.createdAt + evaluationDelayMs
    expect(prediction.evalPrice).toBe(
      await market.inner.priceAt(pair.titleId, due - (due % evaluationPriceGrainMs)),
    )
    const correct = isCorrectPrediction('Up', prediction.atPrice, prediction.evalPrice as number)
    expect((await me(player)).wallet.balance).toBe(correct ? 101 : 100)
  })

  it('lowers the reward factor after 20 running predictions', async () => {
    const player = await signUpPlayer(server)
    const pairs = await freshPairs(player, 21)
    // all Up: pairs may share a title, on which fair play refuses the opposite direction
    for (const [index, pair] of pairs.entries()) {
      const answer = await tag(player, pair, 'Up')
      expect(answer.status).toBe(200)
      expect(answer.body.taggedMessage.rewardFactor).toBe(rewardFactorFor(index))
      expect(answer.body.rewardFactor).toBe(rewardFactorFor(index + 1))
    }
    const last = pairs[20] as Pair
    const user = await me(player)
    expect(predictionOf(user, last)?.rewardFactor).toBe(20 / 21)
    expect(user.rewardFactor).toBe(20 / 22)
    expect(user.taggedMessages).toHaveLength(21)

    // evaluated ones stop counting: the factor is back to 1
    await advance(evaluationDelayMs)
    expect((await me(player)).rewardFactor).toBe(1)
  })

  it('pays rewardFactor TTC in hundredths for a correct prediction made beyond 20 running ones', async () => {
    const player = await signUpPlayer(server)
    const pairs = await freshPairs(player, 22, false)
    for (const pair of pairs) {
      market.pinLast(pair.titleId, 50)
      evalPrices.set(pair.titleId, () => 49)
    }
    // the 22nd (20/22 = 0.909...) pays 0.91; all 22 are Down and correct
    for (const pair of pairs) expect((await tag(player, pair, 'Down')).status).toBe(200)
    await advance(evaluationDelayMs)
    const factors = (await me(player)).taggedMessages.map((p) => p.rewardFactor)
    const expected = factors.reduce((sum, factor) => sum + Math.round(factor * 100), 0)
    expect(Math.round((await me(player)).wallet.balance * 100)).toBe(100_00 + expected)
    expect(expected).toBe(20 * 100 + Math.round((20 / 21) * 100) + Math.round((20 / 22) * 100))
  })

  it('leaves tagged messages out of the untagged list', async () => {
    const player = await signUpPlayer(server)
    const pair = await freshPair(player)
    const listed = async () =>
      (await player.client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')).body.map(
        (message) => message.message_id,
      )
    expect(await listed()).toContain(pair.messageId)
    expect((await tag(player, pair)).status).toBe(200)
    expect(await listed()).not.toContain(pair.messageId)
    // other players still see it
    const other = await signUpPlayer(server)
    expect(
      (await other.client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')).body.map(
        (message) => message.message_id,
      ),
    ).toContain(pair.messageId)
  })

  it('reads the caller’s tags for the untagged list by a statement compiled once, whatever the list', async () => {
    const player = await signUpPlayer(server)
    const untagged = () => player.client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')
    await untagged()
    const appDb = server.ctx.db
    const log = logStatements(server)
    try {
      const listed = await untagged()
      expect(listed.status).toBe(200)
      expect(listed.body.length).toBeGreaterThan(0)
      expect(log.executions).toBeGreaterThan(0)
      // built per call, the read bound every candidate's id (up to 200)
      expect(log.statements.filter((statement) => /tagged_?messages/i.test(statement))).toEqual([])
    } finally {
      server.ctx.db = appDb
    }
  })

  it('aggregates the performance per title with a total row', async () => {
    const guest = await new HttpClient(server.url).get('/v1/stockgame/tagged-messages/performance')
    expect(guest.status).toBe(401)

    const player = await signUpPlayer(server)
    const empty = await player.client.get<TaggedMessagePerformance>(
      '/v1/stockgame/tagged-messages/performance',
    )
    expect(empty.body).toEqual({
      titles: [],
      total: {
        titleId: 0,
        titleName: 'Total',
        trendsUp: 0,
        trendsDown: 0,
        correctlyTaggedMessages: 0,
        score: 0,
      },
    })

    const pairs = await freshPairs(player, 6, true)
    for (const [index, pair] of pairs.entries()) {
      market.pinLast(pair.titleId, 20)
      evalPrices.set(pair.titleId, () => (index % 3 === 0 ? 20 : 21))
      expect((await tag(player, pair, index % 2 ? 'Up' : 'Down')).status).toBe(200)
    }
    await advance(evaluationDelayMs)
    // one more, still running: counted in trends, not in correct ones
    const running = await freshPair(player)
    market.pinLast(running.titleId, 20)
    expect((await tag(player, running, 'Up')).status).toBe(200)

    const predictions = (await me(player)).taggedMessages
    const byTitle = new Map<number, TaggedMessage[]>()
    for (const p of predictions) byTitle.set(p.titleId, [...(byTitle.get(p.titleId) ?? []), p])
    const expectedRows = [...byTitle.entries()]
      .sort(([a], [b]) => a - b)
      .map(([titleId, list]) => {
        const correct = list.filter(
          (p) => p.evalPrice !== undefined && isCorrectPrediction(p.trend, p.atPrice, p.evalPrice),
        )
        return {
          titleId,
          titleName: server.ctx.market.title(titleId)?.n,
          trendsUp: list.filter((p) => p.trend === 'Up').length,
          trendsDown: list.filter((p) => p.trend === 'Down').length,
          correctlyTaggedMessages: correct.length,
          score: correct.reduce((sum, p) => sum + p.rewardFactor, 0),
        }
      })
    const answer = await player.client.get<TaggedMessagePerformance>(
      '/v1/stockgame/tagged-messages/performance',
    )
    expect(answer.status).toBe(200)
    expect(answer.body.titles).toEqual(expectedRows)
    expect(answer.body.total).toEqual({
      titleId: 0,
      titleName: 'Total',
      trendsUp: predictions.filter((p) => p.trend === 'Up').length,
      trendsDown: predictions.filter((p) => p.trend === 'Down').length,
      correctlyTaggedMessages: expectedRows.reduce((sum, row) => sum + row.correctlyTaggedMessages, 0),
      score: expectedRows.reduce((sum, row) => sum + row.score, 0),
    })
    expect(answer.body.total.trendsUp + answer.body.total.trendsDown).toBe(7)
    // 1 and 5: Up, 20 then 21 (correct); 3: Up, unchanged; 0, 2 and 4: Down, never below 20
    expect(answer.body.total.correctlyTaggedMessages).toBe(2)
  })

  it('sends the predictions of the last 7 days and the reward factor in the user payload', async () => {
    const player = await signUpPlayer(server)
    expect((await me(player)).taggedMessages).toEqual([])
    expect((await me(player)).rewardFactor).toBe(1)
    // on two titles: Up and then Down on one title within its 3 hours is refused (fair play), and the
    // stream's first two fresh mentions share a title at some hours of the day
    const [first, second] = await freshPairs(player, 2, true)
    expect((await tag(player, first as Pair, 'Up')).status).toBe(200)
    await advance(hourMs)
    expect((await tag(player, second as Pair, 'Down')).status).toBe(200)
    const user = await me(player)
    expect(user.taggedMessages.map((p) => [p.messageId, p.trend])).toEqual([
      [second?.messageId, 'Down'],
      [first?.messageId, 'Up'],
    ])
    await advance(7 * 24 * hourMs - 30 * minuteMs)
    const later = await me(player)
    expect(later.taggedMessages.map((p) => p.messageId)).toEqual([second?.messageId])
    expect(later.taggedMessages[0]?.evaluatedAt).toBeDefined()
    expect(later.rewardFactor).toBe(1)
  })

  it('credits nothing twice when two evaluations race', async () => {
    const players = await Promise.all([signUpPlayer(server), signUpPlayer(server)])
    // one pair per title: Up on one and Down on another (fair play refuses both on one title)
    const pairs = await freshPairs(players[0], 8, true)
    for (const [index, pair] of pairs.entries()) {
      market.pinLast(pair.titleId, 30)
      evalPrices.set(pair.titleId, () => 31)
      for (const player of players)
        expect((await tag(player, pair, index % 2 ? 'Up' : 'Down')).status).toBe(200)
    }
    server.clock.advance(evaluationDelayMs)
    const deps = { db: server.ctx.db, market: server.ctx.market }
    const now = server.clock.now()
    const runs = await Promise.all([
      evaluateDuePredictions(deps, now, { batchSize: 3 }),
      evaluateDuePredictions(deps, now, { batchSize: 3 }),
    ])
    // (earlier tests left nothing running: their predictions were evaluated when they moved the clock)
    expect(runs.reduce((sum, run) => sum + run.evaluated, 0)).toBe(16)
    expect(runs.reduce((sum, run) => sum + run.creditedHundredths, 0)).toBe(8 * 100)
    for (const player of players) {
      const user = await me(player)
      expect(user.taggedMessages.every((p) => p.evaluatedAt !== undefined)).toBe(true)
      expect(user.wallet.balance).toBe(104)
      const ledger = await player.client.get<Transaction[]>(
        `/v1/stockgame/transactions/${user.wallet.address}`,
      )
      const tags = ledger.body.filter((row) => row.type === 'tag')
      expect(tags.reduce((sum, row) => sum + row.amount, 0)).toBe(4)
    }
  })
})
