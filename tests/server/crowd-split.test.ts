import { CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crowdSplitQuery } from '../../server/game/crowd-split.read'
import type { CrowdHour } from '../../src/api/crowd'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { seedJudgedPredictions } from '../support/judged-predictions'
import { startTestServer, type TestServer } from '../support/test-server'

const hour = 3_600_000
// titles of the simulated market's universe
const apple = 2494
const bitcoin = 99979

describe.each(dialects)('GET /v1/stockgame/titles/{titleId}/crowd on %s', (dialect) => {
  let server: TestServer
  let players: SignedUp[]
  let start: number
  beforeAll(async () => {
    server = await startTestServer(dialect)
    players = await Promise.all(Array.from({ length: 4 }, () => signUpPlayer(server)))
    start = server.clock.now() - (server.clock.now() % hour) - 10 * hour
    const seed = (player: number, titleId: number, trend: 'Up' | 'Down', at: number) => ({
      userId: (players[player] as SignedUp).user.id,
      messageId: `crowd-${player}-${titleId}-${at}`,
      titleId,
      trend,
      createdAt: at,
      correct: true,
    })
    await seedJudgedPredictions(server.ctx.db, [
      // hour 0 on title 1: two Up, one Down
      seed(0, apple, 'Up', start + 1000),
      seed(1, apple, 'Up', start + hour - 1),
      seed(2, apple, 'Down', start + 30 * 60_000),
      // hour 2 on title 1: one Down
      seed(3, apple, 'Down', start + 2 * hour),
      // another title, same hours: not counted
      seed(0, bitcoin, 'Down', start + 1000),
      // before the range
      seed(1, apple, 'Down', start - 1),
    ])
  })
  afterAll(() => server.stop())

  const crowd = (query: string, titleId = apple) =>
    new HttpClient(server.url).get<CrowdHour[]>(`/v1/stockgame/titles/${titleId}/crowd?${query}`)

  it("counts the title's Up and Down predictions per hour of the range, hours without any left out", async () => {
    const answer = await crowd(`from=${start}&to=${start + 10 * hour}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([
      { hour: start, up: 2, down: 1 },
      { hour: start + 2 * hour, up: 0, down: 1 },
    ])
  })

  it('leaves out predictions at or after `to`', async () => {
    const answer = await crowd(`from=${start}&to=${start + 2 * hour}`)
    expect(answer.body).toEqual([{ hour: start, up: 2, down: 1 }])
  })

  it('refuses a bad range or title with a 4xx', async () => {
    for (const query of [
      `from=${start}&to=${start}`,
      'from=abc&to=5',
      'to=5',
      `from=0&to=${400 * 24 * hour}`,
      'from=0&to=5&x=1',
    ])
      expect((await crowd(query)).status).toBe(400)
    expect((await crowd('from=0&to=5', 0)).status).toBe(400)
    expect((await crowd('from=0&to=5', 999_999)).status).toBe(404)
  })

  // Query plans are SQLite's own format; PostgreSQL's planner is not asserted here.
  if (dialect === 'sqlite') {
    it("reads only the title's rows of the range, from an index alone", async () => {
      const { sql: text, parameters } = crowdSplitQuery(server.ctx.db, apple, {
        from: start,
        to: start + 10 * hour,
      }).compile()
      const plan = (
        await server.ctx.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
        )
      ).rows.map((row) => row.detail)
      expect(plan.join('\n')).toContain(
        'COVERING INDEX tagged_messages_title_created (title_id=? AND created_at>? AND created_at<?)',
      )
    })
  }
})
