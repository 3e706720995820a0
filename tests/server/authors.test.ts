import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshAuthorScores } from '../../server/game/author-scores'
import { databaseMessageStore } from '../../server/market/messages.repo'
import type { AuthorDetail, AuthorsPage } from '../../src/api/authors'
import { posteriorMean } from '../../src/domain/author-score'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { advanceClock } from '../support/game'
import { HttpClient } from '../support/http-client'
import { type JudgedSeed, seedEvaluationProgress, seedJudgedPredictions } from '../support/judged-predictions'
import { startTestServer, type TestServer } from '../support/test-server'

const hour = 3_600_000

describe.each(dialects)('author signal scores on %s', (dialect) => {
  let server: TestServer
  let players: SignedUp[]
  let viewer: SignedUp
  beforeAll(async () => {
    server = await startTestServer(dialect)
    players = await Promise.all(Array.from({ length: 4 }, () => signUpPlayer(server)))
    viewer = players[0] as SignedUp
    // the stream's messages due by now, stored as the market's timer stores them
    const due = await server.ctx.market.recentMessages({
      sinceMs: server.clock.now() - 24 * hour,
      limit: 400,
    })
    await databaseMessageStore(server.ctx.db).save(due)
  })
  afterAll(() => server.stop())

  const get = async <T>(path: string) => {
    const answer = await viewer.client.get<T>(path)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body
  }

  it("keeps every stream message's author, and every author has the prior's score at first", async () => {
    const messages = await server.ctx.db.selectFrom('marketMessages').select('payload').execute()
    expect(messages.length).toBeGreaterThan(0)
    const authors = await server.ctx.db.selectFrom('messageAuthors').selectAll().execute()
    expect(authors.length).toBe(messages.length)
    const byId = new Map(authors.map((row) => [row.messageId, row.author]))
    for (const { payload } of messages) {
      const message = JSON.parse(payload) as { message_id: string; twitter_user: { screen_name: string } }
      expect(byId.get(message.message_id)).toBe(message.twitter_user.screen_name)
    }
    // the periodic job counts them (the test clock runs the jobs)
    await advanceClock(server, 1000)
    const page = await get<AuthorsPage>('/v1/stockgame/authors?limit=100')
    expect(page.total).toBe(new Set(authors.map((row) => row.author)).size)
    expect(page.authors.every((author) => author.judged === 0 && author.score === 0.5)).toBe(true)
  })

  /** `right` messages whose crowd majority (2 of 3, Up) proved right, `wrong` ones whose did not. */
  async function author(handle: string, right: number, wrong: number, ties = 0) {
    const start = server.clock.now() - 10 * hour
    const seeds: JudgedSeed[] = []
    const messages = right + wrong + ties
    for (let m = 0; m < messages; m++) {
      const messageId = `${handle}-${m}`
      await server.ctx.db
        .insertInto('messageAuthors')
        .values({ messageId, author: handle, createdAt: start + m * 1000 })
        .execute()
      const tie = m >= right + wrong
      const trends = tie ? (['Up', 'Down'] as const) : (['Up', 'Up', 'Down'] as const)
      trends.forEach((trend, i) => {
        seeds.push({
          userId: (players[i] as SignedUp).user.id,
          messageId,
          titleId: 7,
          trend,
          createdAt: start + m * 1000 + i,
          // the majority Up: right on the first `right` messages
          correct: trend === 'Up' ? m < right : m >= right,
        })
      })
    }
    await seedJudgedPredictions(server.ctx.db, seeds)
    await seedEvaluationProgress(server.ctx.db, seeds)
  }

  it('scores authors by how often their crowd majority proved right, with the prior', async () => {
    await author('sharp_sam', 8, 2, 3)
    await author('lucky_lou', 2, 0)
    await author('wrong_way', 1, 9)
    await refreshAuthorScores(server.ctx.db)
    const sam = await get<AuthorDetail>('/v1/stockgame/authors/sharp_sam')
    // the three ties are not judged
    expect(sam).toMatchObject({ author: 'sharp_sam', judged: 10, provedRight: 8 })
    expect(sam.score).toBeCloseTo(13 / 20, 12)
    expect(sam.interval.low).toBeLessThan(sam.score)
    expect(sam.interval.high).toBeGreaterThan(sam.score)
    expect(sam.recentMessages).toHaveLength(13)
    // newest first: a tie, then a wrong one
    expect(sam.recentMessages[0]).toMatchObject({
      messageId: 'sharp_sam-12',
      text: null,
      titles: [{ titleId: 7, up: 1, down: 1, running: 0, verdict: 'undecided' }],
    })
    expect(sam.recentMessages[3]?.titles[0]).toMatchObject({ up: 2, down: 1, verdict: 'wrong' })
    expect(sam.recentMessages[12]?.titles[0]).toMatchObject({ verdict: 'right' })
    // '@' before the handle is the same author
    expect((await get<AuthorDetail>('/v1/stockgame/authors/@lucky_lou')).score).toBeCloseTo(7 / 12, 12)

    const page = await get<AuthorsPage>('/v1/stockgame/authors?sort=score&limit=2')
    expect(page.authors.map((row) => [row.rank, row.author])).toEqual([
      [1, 'sharp_sam'],
      [2, 'lucky_lou'],
    ])
    expect(page.nextOffset).toBe(2)
    const last = await get<AuthorsPage>(`/v1/stockgame/authors?limit=100&offset=${page.total - 1}`)
    expect(last.authors.map((row) => row.author)).toEqual(['wrong_way'])
    expect(last.authors[0]?.score).toBeCloseTo(posteriorMean(1, 10), 12)
    expect(last.nextOffset).toBeNull()
    const byJudged = await get<AuthorsPage>('/v1/stockgame/authors?sort=judged&limit=2')
    expect(byJudged.authors.map((row) => row.author)).toEqual(['sharp_sam', 'wrong_way'])
  })

  it('shows a running prediction as running, and the text while the stream keeps the message', async () => {
    const [message] = await server.ctx.db.selectFrom('marketMessages').selectAll().limit(1).execute()
    if (!message) throw new Error('no message')
    const handle = (JSON.parse(message.payload) as { twitter_user: { screen_name: string } }).twitter_user
      .screen_name
    await server.ctx.db
      .insertInto('taggedMessages')
      .values({
        userId: viewer.user.id,
        titleId: 9,
        messageId: message.messageId,
        trend: 'Down',
        atPrice: 1,
        createdAt: server.clock.now(),
        evaluationDueAt: server.clock.now() + 3 * hour,
        rewardFactor: 1,
      })
      .execute()
    const detail = await get<AuthorDetail>(`/v1/stockgame/authors/${handle}`)
    const shown = detail.recentMessages.find((row) => row.messageId === message.messageId)
    expect(shown?.text).toBe((JSON.parse(message.payload) as { tweet: string }).tweet)
    expect(shown?.titles).toEqual([{ titleId: 9, up: 0, down: 0, running: 1, verdict: 'undecided' }])
  })

  it('answers 404 for an unknown author, 400 for bad input, 401 signed out', async () => {
    expect((await viewer.client.get('/v1/stockgame/authors/nobody_wrote_this')).status).toBe(404)
    expect((await viewer.client.get('/v1/stockgame/authors/bad%20name')).status).toBe(400)
    expect((await viewer.client.get(`/v1/stockgame/authors/${'a'.repeat(65)}`)).status).toBe(400)
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'sort=name', 'limit=x', 'extra=1'])
      expect((await viewer.client.get(`/v1/stockgame/authors?${query}`)).status, query).toBe(400)
    expect((await new HttpClient(server.url).get('/v1/stockgame/authors')).status).toBe(401)
  })
})
