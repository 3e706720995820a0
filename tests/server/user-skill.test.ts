import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserSkill } from '../../src/api/skill'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { seedJudgedPredictions } from '../support/judged-predictions'
import { startTestServer, type TestServer } from '../support/test-server'

const hour = 3_600_000

describe.each(dialects)('GET /v1/users/{user}/skill on %s', (dialect) => {
  let server: TestServer
  let viewer: SignedUp
  let sharp: SignedUp
  let crowd: SignedUp[]
  beforeAll(async () => {
    server = await startTestServer(dialect)
    const players = await Promise.all(Array.from({ length: 5 }, () => signUpPlayer(server)))
    viewer = players[0] as SignedUp
    sharp = players[1] as SignedUp
    crowd = players.slice(2)
  })
  afterAll(() => server.stop())

  const skillOf = async (ref: string, as: SignedUp = viewer) => {
    const answer = await as.client.get<UserSkill>(`/v1/users/${encodeURIComponent(ref)}/skill`)
    expect(answer.status).toBe(200)
    return answer.body
  }

  it('has nothing judged for a new player, by id, name or me', async () => {
    const empty = {
      userId: viewer.user.id,
      judged: 0,
      correct: 0,
      hitRate: null,
      interval: { low: 0, high: 1 },
      pValue: 1,
      skillShown: false,
      relativeScore: null,
    }
    expect(await skillOf('me')).toEqual(empty)
    expect(await skillOf(viewer.username, sharp)).toEqual(empty)
    expect(await skillOf(String(viewer.user.id), sharp)).toEqual(empty)
  })

  it('counts judged predictions only and scores calls against the crowd before them', async () => {
    const start = server.clock.now() - 10 * hour
    // Message m0 on title 1: three of the crowd said Up first; the sharp player then said Down and was right.
    await seedJudgedPredictions(server.ctx.db, [
      ...crowd.map((player, i) => ({
        userId: player.user.id,
        messageId: 'skill-m0',
        titleId: 1,
        trend: 'Up' as const,
        createdAt: start + i * 1000,
        correct: false,
      })),
      {
        userId: sharp.user.id,
        messageId: 'skill-m0',
        titleId: 1,
        trend: 'Down',
        createdAt: start + 10_000,
        correct: true,
      },
      // 29 more of theirs, 19 right (20 of 30 in all: p = 0.0494), with no crowd before them
      ...Array.from({ length: 29 }, (_, i) => ({
        userId: sharp.user.id,
        messageId: `skill-s${i}`,
        titleId: 2,
        trend: 'Up' as const,
        createdAt: start + i * 60_000,
        correct: i < 19,
      })),
    ])
    // a running prediction (not due) does not count
    await server.ctx.db
      .insertInto('taggedMessages')
      .values({
        userId: sharp.user.id,
        titleId: 3,
        messageId: 'skill-running',
        trend: 'Up',
        atPrice: 1,
        createdAt: server.clock.now(),
        evaluationDueAt: server.clock.now() + 3 * hour,
        rewardFactor: 1,
      })
      .execute()
    const skill = await skillOf(sharp.username)
    expect(skill).toMatchObject({ userId: sharp.user.id, judged: 30, correct: 20, skillShown: true })
    expect(skill.pValue).toBeCloseTo(0.0493686, 6)
    expect(skill.hitRate).toBeCloseTo(2 / 3, 12)
    expect(skill.interval.low).toBeCloseTo(0.4878, 3)
    expect(skill.interval.high).toBeCloseTo(0.8077, 3)
    // m0: right against a crowd all Up (share of Down 0): +1; the 29 with no crowd: 19 × ½ − 10 × ½
    expect(skill.relativeScore).toBeCloseTo((1 + 19 * 0.5 - 10 * 0.5) / 30, 12)
    // the crowd: the first Up had nobody before it (−½), the next ones a crowd all Up (−1 each)
    const follower = await skillOf(String(crowd[1]?.user.id))
    expect(follower).toMatchObject({ judged: 1, correct: 0, skillShown: false, relativeScore: -1 })
    expect((await skillOf(String(crowd[0]?.user.id))).relativeScore).toBe(-0.5)
  })

  it('answers 404 for nobody, 400 for a bad reference and 401 signed out', async () => {
    expect((await viewer.client.get('/v1/users/nobody_here_at_all/skill')).status).toBe(404)
    expect((await viewer.client.get('/v1/users/999999999/skill')).status).toBe(404)
    expect((await viewer.client.get(`/v1/users/${'x'.repeat(65)}/skill`)).status).toBe(400)
    expect((await new HttpClient(server.url).get('/v1/users/me/skill')).status).toBe(401)
  })
})
