import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recentPredictionsLimit } from '../../server/game/predictions'
import { type PredictionHistory, predictionCursorOf, predictionCursorText } from '../../src/api/predictions'
import type { AuthUser } from '../../src/api/users'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { seedJudgedPredictions } from '../support/judged-predictions'
import { bitcoin, ethereum } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

const historyPath = '/v1/stockgame/tagged-messages/history'
const day = 86_400_000

/** Your Predictions' older pages: the player's predictions before a cursor, newest first, page by page. */
describe.each(dialects)("a player's older predictions on %s", (dialect) => {
  let server: TestServer
  let player: SignedUp
  const count = 120
  /** the newest seeded prediction's time */
  let newest = 0

  beforeAll(async () => {
    server = await startTestServer(dialect)
    player = await signUpPlayer(server)
    const other = await signUpPlayer(server)
    newest = server.clock.now() - 8 * day
    // runs of seven made in one millisecond, on two titles: pages are cut inside such runs
    await seedJudgedPredictions(server.ctx.db, [
      ...Array.from({ length: count }, (_, i) => ({
        userId: player.user.id,
        messageId: `old-${i}`,
        titleId: i % 2 === 0 ? bitcoin : ethereum,
        trend: 'Up' as const,
        createdAt: newest - Math.floor(i / 7) * day,
        correct: i % 3 === 0,
      })),
      {
        userId: other.user.id,
        messageId: 'someone-elses',
        titleId: bitcoin,
        trend: 'Down',
        createdAt: newest - day,
        correct: true,
      },
    ])
  })
  afterAll(() => server.stop())

  const page = (query: string) => player.client.get<PredictionHistory>(`${historyPath}?${query}`)

  it('pages through every older prediction of the player, newest first, each once', async () => {
    const seen: PredictionHistory['predictions'] = []
    let before: string | null = String(server.clock.now())
    let pages = 0
    while (before !== null) {
      const answer = await page(`before=${encodeURIComponent(before)}&limit=50`)
      expect(answer.status).toBe(200)
      seen.push(...answer.body.predictions)
      before = answer.body.next
      pages += 1
    }
    expect(pages).toBe(3)
    expect(seen).toHaveLength(count)
    expect(new Set(seen.map((row) => `${row.messageId}/${row.titleId}`)).size).toBe(count)
    expect(seen.every((row) => row.userId === player.user.id)).toBe(true)
    const times = seen.map((row) => row.createdAt)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(seen[0]?.createdAt).toBe(newest)
    // judged, with the price that judged them
    expect(seen.every((row) => row.evaluatedAt === row.createdAt + evaluationDelayMs)).toBe(true)
    expect(seen.every((row) => row.evalPrice === 100)).toBe(true)
  })

  it('takes a bare time as everything made before it, and says when no page follows', async () => {
    const answer = await page(`before=${newest}&limit=200`)
    expect(answer.body.predictions).toHaveLength(count - 7)
    expect(answer.body.predictions.every((row) => row.createdAt < newest)).toBe(true)
    expect(answer.body.next).toBeNull()
    expect((await page(`before=${newest - 1000 * day}`)).body).toEqual({ predictions: [], next: null })
  })

  it("goes on exactly where the week's payload ends, when the player made more than it sends", async () => {
    const busy = await signUpPlayer(server)
    const count = recentPredictionsLimit + 25
    const now = server.clock.now()
    // all this week, in runs of ten made in one millisecond: the payload's cut falls inside a run
    await seedJudgedPredictions(
      server.ctx.db,
      Array.from({ length: count }, (_, i) => ({
        userId: busy.user.id,
        messageId: `busy-${String(i).padStart(4, '0')}`,
        titleId: bitcoin,
        trend: 'Up' as const,
        createdAt: now - evaluationDelayMs - 3 * 60_000 - Math.floor(i / 10) * 60_000,
        correct: true,
      })),
    )
    const week = (await busy.client.get<AuthUser>('/v1/auth/info')).body.taggedMessages
    expect(week).toHaveLength(recentPredictionsLimit)
    const oldest = week.at(-1)
    if (!oldest) throw new Error('no predictions in the payload')
    const older = await busy.client.get<PredictionHistory>(
      `${historyPath}?before=${encodeURIComponent(predictionCursorText(predictionCursorOf(oldest)))}&limit=200`,
    )
    const keys = [...week, ...older.body.predictions].map((row) => row.messageId)
    expect(older.body.predictions).toHaveLength(count - recentPredictionsLimit)
    expect(new Set(keys).size).toBe(count)
  })

  it('refuses a bad cursor or limit with 400, and a guest with 401', async () => {
    for (const query of [
      '',
      'before=yesterday',
      'before=1:2',
      'before=1:x:m',
      `before=${newest}&limit=0`,
      `before=${newest}&limit=201`,
    ])
      expect((await page(query)).status, query).toBe(400)
    expect((await new HttpClient(server.url).get(`${historyPath}?before=${newest}`)).status).toBe(401)
  })
})
