import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContext } from '../../server/app'
import type { AppContext } from '../../server/context'
import {
  evalPriceColumn,
  evaluatedAtColumn,
  predictionsWithEvaluation,
} from '../../server/game/evaluated-predictions'
import type { Poll } from '../../src/api/polls'
import { isCorrectPrediction } from '../../src/domain/prediction'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { bet, PairSource, tag } from '../support/game'
import { auditMoney } from '../support/money-audit'
import { nextLocalTime, pollsOf } from '../support/polls'
import { MemoryMailer, startTestServer, type TestServer } from '../support/test-server'

const hour = 3_600_000
const sides = ['up', 'flat', 'down'] as const
/**
 * From Saturday 12:00 to Monday 15:00 (Berlin) in three-hour steps: every poll of the span is open at
 * one step, predictions fall due, bots play, and a week ends (trophies).
 */
const stepMs = 3 * hour
const steps = 17

/**
 * DESIGN.md §3: jobs are idempotent set-based SQL, so every process of a cluster runs all of them. Two
 * contexts on one PostgreSQL database (two pools, two job runners, two markets, like two processes)
 * run every pass at the same moment, with bots and players acting through HTTP meanwhile; every effect
 * must happen exactly once.
 */
describe('two job runners at once on one PostgreSQL database', () => {
  let server: TestServer
  let second: AppContext
  let players: SignedUp[]

  beforeAll(async () => {
    server = await startTestServer('postgres', { env: { ALPHA_BOTS: '1' } })
    second = await createContext(server.ctx.config, {
      clock: server.clock,
      mailer: new MemoryMailer(),
      log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    })
    players = await Promise.all(Array.from({ length: 6 }, () => signUpPlayer(server)))
  })
  afterAll(async () => {
    await second?.jobs.stop()
    await second?.db.destroy()
    await server?.stop()
  })

  it('opens, settles and pays every poll once, credits every prediction once and awards each week once', async () => {
    const pairs = new PairSource(server)
    const betOn = new Set<string>()
    const saturdayNoon = nextLocalTime(nextLocalTime(server.clock.now(), '00:00', [1]), '12:00', [6])
    server.clock.advance(saturdayNoon - server.clock.now())
    await Promise.all([server.ctx.jobs.runAll(), second.jobs.runAll()])
    for (let step = 0; step < steps; step++) {
      server.clock.advance(stepMs - 60_000)
      await Promise.all([server.ctx.jobs.runAll(), second.jobs.runAll()])
      // a minute on, players act (on the polls the step opened) while both runners run again
      server.clock.advance(60_000)
      await Promise.all([server.ctx.jobs.runAll(), second.jobs.runAll(), playersAct(server.clock.now())])
    }
    // everything due is decided
    server.clock.advance(6 * hour)
    await Promise.all([server.ctx.jobs.runAll(), second.jobs.runAll()])

    const db = server.ctx.db
    const audit = await auditMoney(db)
    expect(audit).toMatchObject({
      imbalance: 0,
      unbookedWallets: [],
      negativeBalances: 0,
      pollsPaidWrong: [],
    })
    expect(audit.settledPolls).toBeGreaterThan(3)
    expect(betOn.size).toBeGreaterThan(10)

    // one poll per title and start
    const polls = await db.selectFrom('polls').select(['titleId', 'startTime']).execute()
    expect(new Set(polls.map((p) => `${p.titleId}@${p.startTime}`)).size).toBe(polls.length)

    // every due prediction evaluated, and the tag credits are exactly the correct ones' reward factors
    const predictions = await predictionsWithEvaluation(db)
      .select([
        't.trend',
        't.atPrice',
        evalPriceColumn,
        evaluatedAtColumn,
        't.evaluationDueAt',
        't.rewardFactor',
      ])
      .execute()
    expect(predictions.length).toBeGreaterThan(40)
    const now = server.clock.now()
    expect(predictions.filter((p) => p.evaluationDueAt <= now && p.evaluatedAt === null)).toEqual([])
    const credits = await db.selectFrom('ledger').select('amount').where('type', '=', 'tag').execute()
    const credited = credits.reduce((sum, row) => sum + Number(row.amount), 0)
    const expected = predictions
      .filter((p) => p.evaluatedAt !== null && isCorrectPrediction(p.trend, p.atPrice, p.evalPrice as number))
      .reduce((sum, p) => sum + Math.round(p.rewardFactor * 100), 0)
    expect(credited).toBe(expected)

    // each group's week claimed once, each medal once; the twelve bots exist once
    const weeks = await db.selectFrom('trophyWeeks').select(['groupId', 'weekStart']).execute()
    expect(weeks.length).toBeGreaterThan(0)
    const trophies = await db.selectFrom('trophies').select(['groupId', 'weekStart', 'userId']).execute()
    expect(trophies.length).toBeGreaterThan(0)
    expect(new Set(trophies.map((t) => `${t.groupId}/${t.weekStart}/${t.userId}`)).size).toBe(trophies.length)
    const bots = await db.selectFrom('bots').select('userId').execute()
    expect(bots).toHaveLength(12)

    // ranking_days folded each decision once: its points add up to what was decided before the watermarks
    const folds = await db.selectFrom('rankingFolds').select(['kind', 'upto']).execute()
    const upto = Object.fromEntries(folds.map((f) => [f.kind, Number(f.upto)]))
    const days = await db
      .selectFrom('rankingDays')
      .select(['userId', 'points', 'correct', 'evaluated'])
      .execute()
    // the running totals are the days added up, whichever process folded them
    const summed = new Map<number, { points: number; correct: number; evaluated: number }>()
    for (const d of days) {
      const total = summed.get(d.userId) ?? { points: 0, correct: 0, evaluated: 0 }
      total.points += Number(d.points)
      total.correct += Number(d.correct)
      total.evaluated += Number(d.evaluated)
      summed.set(d.userId, total)
    }
    const totals = await db.selectFrom('rankingTotals').selectAll().execute()
    expect(totals.length).toBe(summed.size)
    for (const t of totals)
      expect({ points: Number(t.points), correct: t.correct, evaluated: t.evaluated }).toEqual(
        summed.get(t.userId),
      )
    const folded = days.reduce((sum, d) => sum + Number(d.points), 0)
    const predictionPoints = predictions
      .filter(
        (p) =>
          p.evaluatedAt !== null &&
          p.evaluationDueAt < (upto.predictions ?? 0) &&
          isCorrectPrediction(p.trend, p.atPrice, p.evalPrice as number),
      )
      .reduce((sum, p) => sum + Math.round(p.rewardFactor * 100), 0)
    const votes = await db
      .selectFrom('votes')
      .innerJoin('polls', 'polls.id', 'votes.pollId')
      .select(['votes.payout', 'votes.ttcBet'])
      .where('polls.settledAt', 'is not', null)
      .where('polls.evalTime', '<', upto.polls ?? 0)
      .where('votes.userId', 'is not', null)
      .execute()
    const pollPoints = votes.reduce((sum, v) => sum + Number(v.payout ?? 0) - Number(v.ttcBet), 0)
    expect(folded).toBe(predictionPoints + pollPoints)

    async function playersAct(at: number): Promise<void> {
      const open: Poll[] = (await pollsOf(players[0] as SignedUp)).filter(
        (p) => p.startTime <= at && p.endTime > at,
      )
      const fresh = await pairs.take(players.length).catch(() => [])
      await Promise.all(
        players.map(async (player, i) => {
          const pair = fresh[i]
          if (pair) await tag(player, pair, i % 2 ? 'Up' : 'Down')
          for (const poll of open) {
            const key = `${player.user.id}/${poll.pollId}`
            if (betOn.has(key)) continue
            betOn.add(key)
            await bet(player, poll, sides[(i + poll.pollId) % 3] ?? 'up', 1 + (i % 3))
          }
        }),
      )
    }
  }, 240_000)
})
