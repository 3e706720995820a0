import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TaggedMessagesTable } from '../../server/db/tables/tagged-messages.table'
import { type EvaluationDeps, evaluateDuePredictions } from '../../server/game/evaluate-predictions'
import {
  evalPriceColumn,
  evaluatedAtColumn,
  predictionsWithEvaluation,
} from '../../server/game/evaluated-predictions'
import { evaluationJob, jobEvaluationBatchSize } from '../../server/game/game-jobs'
import { mintedTotal, payLedgerRowsAfterSql, walletTotal } from '../../server/game/ledger'
import { dueMinuteSql, evaluationJoinSql, evaluationPriceGrainMs } from '../../server/game/prediction-sql'
import { predictionPerformance, runningCountSql, runningPredictionCount } from '../../server/game/predictions'
import { evaluationDelayMs, isCorrectPrediction, type Trend } from '../../src/domain/prediction'
import { rewardFactorFor } from '../../src/domain/reward-factor'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { sliceRecorder } from '../support/slice-recorder'
import { startTestServer, type TestServer } from '../support/test-server'

/** The evaluation job straight on the database: backlogs, batches, races, missing prices, the SQL rule. */
describe.each(dialects)('prediction evaluation on %s', (dialect) => {
  let server: TestServer
  let players: SignedUp[]
  let batch = 0

  beforeAll(async () => {
    server = await startTestServer(dialect)
    players = await Promise.all([signUpPlayer(server), signUpPlayer(server), signUpPlayer(server)])
  })
  afterAll(() => server.stop())

  type Row = TaggedMessagesTable

  /**
   * Moves the clock on, so that predictions due `lateMs` ago fall after the job's progress, as every
   * prediction the server makes does (3 h ahead). Short steps: earlier tests' running ones stay running.
   */
  function pastEarlierEvaluations(lateMs: number): void {
    server.clock.advance(Math.max(0, lateMs) + 60_000)
  }

  /** `count` predictions spread over the players, made `ageMs` before now, several per due second. */
  function backlog(
    count: number,
    ageMs: number,
    options: { titles?: number[]; running?: number } = {},
  ): Row[] {
    batch += 1
    pastEarlierEvaluations(ageMs - evaluationDelayMs)
    const titles = options.titles ?? [2494, 99979, 1000004, 3000, 4000]
    const start = server.clock.now() - ageMs
    return Array.from({ length: count }, (_, i) => {
      // the last `running` ones are made now: not due yet
      const createdAt =
        i >= count - (options.running ?? 0) ? server.clock.now() : start + (i % 40) * 1000 + (i % 3)
      return {
        userId: (players[i % players.length] as SignedUp).user.id,
        titleId: titles[i % titles.length] as number,
        messageId: `b${batch}-m${i}`,
        trend: (i % 2 ? 'Up' : 'Down') as Trend,
        atPrice: 100,
        createdAt,
        evaluationDueAt: createdAt + evaluationDelayMs,
        rewardFactor: 1,
      }
    })
  }

  async function insert(rows: Row[]): Promise<void> {
    for (let start = 0; start < rows.length; start += 500)
      await server.ctx.db
        .insertInto('taggedMessages')
        .values(rows.slice(start, start + 500))
        .execute()
  }

  async function stored(rows: Row[]) {
    return predictionsWithEvaluation(server.ctx.db)
      .selectAll('t')
      .select([evalPriceColumn, evaluatedAtColumn])
      .where(
        't.messageId',
        'in',
        rows.map((row) => row.messageId),
      )
      .execute()
  }

  /** Every title and second has its own price, around 100: some Up, some Down, some unchanged. */
  const priceOf = (id: number, at: number) => 98 + ((id * 7 + Math.floor(at / 1000)) % 5)

  function marketWith(price: (id: number, at: number) => number | undefined, delayMs = 0) {
    const market = {
      calls: 0,
      async priceAt(id: number, at: number) {
        market.calls += 1
        if (delayMs) await sleep(delayMs)
        return price(id, at)
      },
    }
    return market
  }

  const deps = (market: EvaluationDeps['market']): EvaluationDeps => ({ db: server.ctx.db, market })

  const dueMinute = (row: Row) => row.evaluationDueAt - (row.evaluationDueAt % evaluationPriceGrainMs)

  /** predictions evaluated so far (their key priced and covered) */
  async function evaluatedCount(): Promise<number> {
    const row = await predictionsWithEvaluation(server.ctx.db)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      // the join matches a key priced and covered up to the prediction's due time
      .where('p.price', 'is not', null)
      .executeTakeFirst()
    return Number(row?.count ?? 0)
  }

  /** hundredths credited by 'tag' ledger rows so far */
  async function tagCredits(): Promise<number> {
    const rows = await server.ctx.db.selectFrom('ledger').select('amount').where('type', '=', 'tag').execute()
    return rows.reduce((sum, row) => sum + row.amount, 0)
  }

  async function balances(): Promise<number[]> {
    return Promise.all(
      players.map(async (player) => {
        const row = await server.ctx.db
          .selectFrom('wallets')
          .select('balance')
          .where('userId', '=', player.user.id)
          .executeTakeFirstOrThrow()
        return row.balance
      }),
    )
  }

  it('lets requests run between the batches of a backlog (SQLite statements block the event loop)', async () => {
    await insert(backlog(40, evaluationDelayMs + 5 * 60_000))
    let finished = false
    let turnsBetween = 0
    const count = () => {
      if (finished) return
      turnsBetween += 1
      setImmediate(count)
    }
    setImmediate(count)
    const result = await evaluateDuePredictions(deps(marketWith(priceOf)), server.clock.now(), {
      batchSize: 7,
    })
    finished = true
    expect(result.evaluated).toBe(40)
    // one turn at least after each of the first five batches
    expect(turnsBetween).toBeGreaterThanOrEqual(5)
  })

  it('lets the job catch up with a backlog in slices of a bounded size, requests served between them', async () => {
    const count = 2 * jobEvaluationBatchSize + 300
    await insert(backlog(count, evaluationDelayMs + 5 * 60_000))
    // each batch moves the progress once
    const recorder = sliceRecorder(
      (node) => node.kind === 'UpdateQueryNode' && JSON.stringify(node).includes('"evaluation_progress"'),
    )
    const evaluatedBefore = await evaluatedCount()
    const db = server.ctx.db.withPlugin(recorder.plugin)
    await evaluationJob({ db, market: marketWith(priceOf), log: server.ctx.log }).run(server.clock.now())
    const { slices, turnBetweenEach } = recorder.stop()
    expect((await evaluatedCount()) - evaluatedBefore).toBe(count)
    expect(slices).toBeGreaterThanOrEqual(3)
    expect(turnBetweenEach).toBe(true)
  })

  it('evaluates a backlog in small batches at the due minute price, each prediction once', async () => {
    const rows = backlog(300, evaluationDelayMs + 5 * 60_000, { running: 20 })
    await insert(rows)
    const before = await balances()
    const creditsBefore = await tagCredits()
    const market = marketWith(priceOf)
    const now = server.clock.now()
    const result = await evaluateDuePredictions(deps(market), now, { batchSize: 7 })

    const due = rows.filter((row) => row.evaluationDueAt <= now)
    expect(due).toHaveLength(280)
    expect(result.evaluated).toBe(280)
    // one price lookup per title and due minute, not per prediction
    expect(market.calls).toBe(new Set(due.map((row) => `${row.titleId}/${dueMinute(row)}`)).size)
    expect(market.calls).toBeLessThan(due.length)

    const byId = new Map((await stored(rows)).map((row) => [row.messageId, row]))
    const expectedGain = players.map(() => 0)
    for (const row of rows) {
      const after = byId.get(row.messageId)
      if (row.evaluationDueAt > now) {
        expect(after).toMatchObject({ evalPrice: null, evaluatedAt: null })
        continue
      }
      const price = priceOf(row.titleId, dueMinute(row))
      expect(after).toMatchObject({ evalPrice: price, evaluatedAt: row.evaluationDueAt })
      const owner = players.findIndex((p) => p.user.id === row.userId)
      if (isCorrectPrediction(row.trend, row.atPrice, price))
        expectedGain[owner] = (expectedGain[owner] ?? 0) + 100
    }
    const credited = expectedGain.reduce((sum, gain) => sum + gain, 0)
    expect(credited).toBeGreaterThan(0)
    expect(result.creditedHundredths).toBe(credited)
    expect((await tagCredits()) - creditsBefore).toBe(credited)
    expect(await balances()).toEqual(before.map((balance, i) => balance + (expectedGain[i] as number)))
    // a player's correct predictions of one batch share a ledger row
    expect(result.credits).toBeLessThanOrEqual(Math.ceil(280 / 7) * players.length)

    const again = marketWith(priceOf)
    expect(await evaluateDuePredictions(deps(again), now, { batchSize: 7 })).toEqual({
      evaluated: 0,
      credits: 0,
      creditedHundredths: 0,
    })
    expect(again.calls).toBe(0)
  })

  it('credits each prediction exactly once when three runs race', async () => {
    const rows = backlog(400, evaluationDelayMs + 60_000)
    await insert(rows)
    const creditsBefore = await tagCredits()
    const balancesBefore = await balances()
    const unminted = (await walletTotal(server.ctx.db)) - (await mintedTotal(server.ctx.db))
    const now = server.clock.now()
    // slow price lookups, so the runs interleave
    const runs = await Promise.all(
      [1, 2, 3].map(() => evaluateDuePredictions(deps(marketWith(priceOf, 2)), now, { batchSize: 20 })),
    )
    expect(runs.reduce((sum, run) => sum + run.evaluated, 0)).toBe(400)
    const correct = rows.filter((row) =>
      isCorrectPrediction(row.trend, 100, priceOf(row.titleId, dueMinute(row))),
    )
    expect(runs.reduce((sum, run) => sum + run.creditedHundredths, 0)).toBe(correct.length * 100)
    expect((await tagCredits()) - creditsBefore).toBe(correct.length * 100)
    const gains = players.map((player) => correct.filter((row) => row.userId === player.user.id).length * 100)
    expect(await balances()).toEqual(balancesBefore.map((balance, i) => balance + (gains[i] as number)))
    // minted money and wallets moved together
    expect((await walletTotal(server.ctx.db)) - (await mintedTotal(server.ctx.db))).toBe(unminted)
  })

  it('leaves predictions without a price running, evaluates the later ones and retries them next time', async () => {
    const unpriced = 7777
    const rows = [
      ...backlog(30, evaluationDelayMs + 10 * 60_000, { titles: [unpriced] }),
      ...backlog(30, evaluationDelayMs + 5 * 60_000, { titles: [2494] }),
    ]
    await insert(rows)
    const now = server.clock.now()
    const running = () =>
      Promise.all(players.map((player) => runningPredictionCount(server.ctx.db, player.user.id, now)))
    const runningBefore = await running()
    const first = await evaluateDuePredictions(
      deps(marketWith((id, at) => (id === unpriced ? undefined : priceOf(id, at)))),
      now,
      { batchSize: 10 },
    )
    expect(first.evaluated).toBe(30)
    const afterFirst = await stored(rows)
    expect(
      afterFirst.filter((row) => row.titleId === unpriced).every((row) => row.evaluatedAt === null),
    ).toBe(true)
    expect(afterFirst.filter((row) => row.titleId === 2494).every((row) => row.evaluatedAt !== null)).toBe(
      true,
    )
    // the unpriced ones still count as running (for the reward factor); each player has ten of each
    expect(await running()).toEqual(runningBefore.map((count) => count - 10))

    // three runs race for the pending keys: each prediction is evaluated and credited once
    const creditsBefore = await tagCredits()
    const runs = await Promise.all(
      [1, 2, 3].map(() => evaluateDuePredictions(deps(marketWith(priceOf, 2)), now, { batchSize: 10 })),
    )
    expect(runs.reduce((sum, run) => sum + run.evaluated, 0)).toBe(30)
    const correct = rows.filter(
      (row) =>
        row.titleId === unpriced && isCorrectPrediction(row.trend, 100, priceOf(unpriced, dueMinute(row))),
    )
    expect(correct.length).toBeGreaterThan(0)
    expect((await tagCredits()) - creditsBefore).toBe(correct.length * 100)
    const afterSecond = await stored(rows)
    expect(afterSecond.every((row) => row.evaluatedAt === row.evaluationDueAt)).toBe(true)
    expect(afterSecond.every((row) => row.evalPrice === priceOf(row.titleId, dueMinute(row)))).toBe(true)
    expect(await running()).toEqual(runningBefore.map((count) => count - 20))
  })

  it('evaluates a minute that spans two runs at one price, and nothing before it is due', async () => {
    pastEarlierEvaluations(0)
    const clock = server.clock.now()
    const minute = clock - (clock % evaluationPriceGrainMs) + 2 * evaluationPriceGrainMs
    const player = players[0] as SignedUp
    const rows: Row[] = [10_000, 40_000].map((offset, i) => ({
      userId: player.user.id,
      titleId: 2494,
      messageId: `spanning-${i}`,
      trend: 'Up',
      atPrice: 100,
      createdAt: minute + offset - evaluationDelayMs,
      evaluationDueAt: minute + offset,
      rewardFactor: 1,
    }))
    await insert(rows)
    // the market's answer changes between the runs: the minute keeps the first one
    let answer = 101
    const market = marketWith(() => answer)
    const first = await evaluateDuePredictions(deps(market), minute + 20_000)
    expect(first).toMatchObject({ evaluated: 1, creditedHundredths: 100 })
    expect((await stored(rows)).map((row) => [row.messageId, row.evalPrice, row.evaluatedAt])).toEqual([
      ['spanning-0', 101, minute + 10_000],
      // its minute is priced, but it is not due yet
      ['spanning-1', null, null],
    ])
    answer = 99
    const second = await evaluateDuePredictions(deps(market), minute + 50_000)
    expect(second).toMatchObject({ evaluated: 1, creditedHundredths: 100 })
    expect((await stored(rows)).map((row) => [row.evalPrice, row.evaluatedAt])).toEqual([
      [101, minute + 10_000],
      [101, minute + 40_000],
    ])
    // the clock follows the job's progress, for the tests after this one
    server.clock.advance(minute + 50_000 - server.clock.now())
  })

  it('a price lookup that fails leaves its predictions for the next run', async () => {
    const rows = backlog(5, evaluationDelayMs + 60_000, { titles: [2494] })
    await insert(rows)
    const failing = {
      async priceAt(): Promise<number | undefined> {
        throw new Error('provider down')
      },
    }
    expect((await evaluateDuePredictions(deps(failing), server.clock.now())).evaluated).toBe(0)
    expect((await evaluateDuePredictions(deps(marketWith(priceOf)), server.clock.now())).evaluated).toBe(5)
  })

  it('counts correct predictions in SQL exactly as the domain rule does', async () => {
    const player = await signUpPlayer(server)
    const prices = [1, 1.5, 2, 2.0000000000000004, 0.1 + 0.2, 0.3, 1e-9, 123456.789]
    const rows: (Row & { evalPrice: number | null })[] = []
    // not due for the job: each in a minute of its own, priced by hand or left running
    const firstDue = server.clock.now() + 100 * evaluationDelayMs
    const base = firstDue - (firstDue % evaluationPriceGrainMs)
    for (let i = 0; i < 160; i++) {
      const atPrice = prices[i % prices.length] as number
      const evalPrice = i % 9 === 0 ? null : (prices[(i * 5 + 3) % prices.length] as number)
      rows.push({
        userId: player.user.id,
        titleId: 2494 + (i % 3),
        messageId: `rule-${i}`,
        trend: i % 4 < 2 ? 'Up' : 'Down',
        atPrice,
        evalPrice,
        createdAt: 0,
        evaluationDueAt: base + i * evaluationPriceGrainMs + 1000,
        rewardFactor: rewardFactorFor(i),
      })
    }
    await insert(rows.map(({ evalPrice, ...row }) => row))
    await server.ctx.db
      .insertInto('evaluationPrices')
      .values(
        rows.flatMap((row) =>
          row.evalPrice === null
            ? []
            : [
                {
                  titleId: row.titleId,
                  dueMinute: dueMinute(row),
                  price: row.evalPrice,
                  coveredTo: row.evaluationDueAt,
                },
              ],
        ),
      )
      .execute()
    const performance = await predictionPerformance(server.ctx.db, player.user.id)
    const expected = [2494, 2495, 2496].map((titleId) => {
      const list = rows.filter((row) => row.titleId === titleId)
      const correct = list.filter(
        (row) => row.evalPrice !== null && isCorrectPrediction(row.trend, row.atPrice, row.evalPrice),
      )
      return {
        titleId,
        trendsUp: list.filter((row) => row.trend === 'Up').length,
        trendsDown: list.filter((row) => row.trend === 'Down').length,
        correctlyTaggedMessages: correct.length,
        score: correct.reduce((sum, row) => sum + row.rewardFactor, 0),
      }
    })
    expect(performance.map(({ score, ...rest }) => rest)).toEqual(expected.map(({ score, ...rest }) => rest))
    for (const [i, row] of performance.entries())
      expect(row.score).toBeCloseTo(expected[i]?.score as number, 9)
  })

  it('credits rewardFactor rounded to hundredths as Math.round does, ties up, nothing below half a hundredth', async () => {
    const player = await signUpPlayer(server)
    // 20/160 = 0.125: 12.5 hundredths, which PostgreSQL's round() of a double would make 12
    const factors = [1, 20 / 21, 20 / 22, 20 / 160, 20 / 3000, 0.004, 0.005]
    pastEarlierEvaluations(1000)
    const now = server.clock.now()
    const rows: Row[] = factors.map((rewardFactor, i) => ({
      userId: player.user.id,
      titleId: 2494,
      messageId: `round-${i}`,
      trend: 'Up',
      atPrice: 1,
      createdAt: now - evaluationDelayMs - 1000,
      evaluationDueAt: now - 1000,
      rewardFactor,
    }))
    await insert(rows)
    const before = await balances()
    const result = await evaluateDuePredictions(deps(marketWith(() => 2)), now)
    const expected = factors.reduce((sum, factor) => sum + Math.round(factor * 100), 0)
    expect(expected).toBe(100 + 95 + 91 + 13 + 1 + 0 + 1)
    expect(result.creditedHundredths).toBe(expected)
    const after = await server.ctx.db
      .selectFrom('wallets')
      .select('balance')
      .where('userId', '=', player.user.id)
      .executeTakeFirstOrThrow()
    expect(after.balance).toBe(100_00 + expected)
    expect(before).toEqual(await balances())
  })

  it('keeps minted money and wallets equal (no polls open here)', async () => {
    expect(await walletTotal(server.ctx.db)).toBe(await mintedTotal(server.ctx.db))
  })

  // Query plans are SQLite's own format; PostgreSQL's planner is checked by the benchmark instead.
  if (dialect === 'sqlite') {
    it('uses the indexes it was built for on SQLite', async () => {
      const plan = async (query: ReturnType<typeof sql>) =>
        (await sql<{ detail: string }>`explain query plan ${query}`.execute(server.ctx.db)).rows
          .map((row) => row.detail)
          .join('\n')
      const running = await plan(sql`select ${runningCountSql(1, Date.now())} as running`)
      expect(running).toContain('tagged_messages_user_created (user_id=? AND created_at>?)')
      // due since the job's progress, and of pending keys, each read by its own index
      expect(running).toContain('tagged_messages_due (evaluation_due_at>? AND evaluation_due_at<?)')
      expect(running).toContain('SCAN p USING INDEX evaluation_prices_pending')
      expect(running).not.toMatch(/SCAN (tagged_messages|t)\b/)
      expect(
        await plan(
          sql`select evaluation_due_at from tagged_messages
            where evaluation_due_at > ${0} and evaluation_due_at <= ${1} order by evaluation_due_at limit 1 offset 4999`,
        ),
      ).toContain('COVERING INDEX tagged_messages_due')
      // a window's credits walk its predictions by due time and look each key's price up by its key
      const credits = await plan(
        sql`select sum(t.reward_factor) from tagged_messages t join evaluation_prices p on p.title_id = t.title_id
          and p.due_minute = ${dueMinuteSql('t.evaluation_due_at')}
          where t.evaluation_due_at > ${0} and t.evaluation_due_at <= ${1}`,
      )
      expect(credits).toContain(
        'SEARCH t USING INDEX tagged_messages_due (evaluation_due_at>? AND evaluation_due_at<?)',
      )
      expect(credits).toContain('SEARCH p USING PRIMARY KEY (title_id=? AND due_minute=?)')
      // readers join a prediction's key by its primary key
      const reader = await plan(
        sql`select p.price from tagged_messages t ${evaluationJoinSql()} where t.user_id = ${1}`,
      )
      expect(reader).toContain('SEARCH p USING PRIMARY KEY (title_id=? AND due_minute=?)')
      expect(
        await plan(
          sql`select distinct message_id from tagged_messages where user_id = ${1} and message_id in ('a', 'b')`,
        ),
      ).toMatch(/INDEX sqlite_autoindex_tagged_messages_1 \(user_id=\? AND message_id=\?\)/)
      // a batch's credits reach the wallets through its own ledger rows, never a walk of the whole ledger
      const pay = await plan(payLedgerRowsAfterSql(1))
      expect(pay).toContain('SEARCH ledger USING INTEGER PRIMARY KEY (rowid>?)')
      expect(pay).not.toMatch(/SCAN ledger/)
    })
  }
})
