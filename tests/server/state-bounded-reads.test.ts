import { type CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Executor } from '../../server/db/database'
import { activityPage } from '../../server/game/activity'
import { listPolls, pollListLimit } from '../../server/game/polls.read'
import { defaultGroupId } from '../../src/api/groups'
import { stateChronicElements } from '../../src/api/state'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { seedJudgedPredictions } from '../support/judged-predictions'
import { bitcoin } from '../support/polls'
import { postgresRowsVisited, sqlitePlan, statementsOf } from '../support/statement-plans'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * The state's chronic and poll list are rebuilt after writes, so what they read must grow with the
 * page, not with the game. Predictions are evaluated 3 h after they are made: in a busy game the
 * newest rows are thousands of running predictions, which the evaluations' read must not walk. Polls
 * pile up over the months, and a page of them must not sort them all.
 */

const running = 3000
const evaluated = 20
const spacingMs = 3000
const oldPolls = 300
const hour = 3600_000
/** How long before now each evaluated prediction fell due: the first one just now, the newest possible */
const dueAgo = Array.from({ length: evaluated }, (_, i) => (i === 0 ? 0 : 500 + i * 1000))

describe.each(dialects)('the state reads a page, not the game, on %s', (dialect) => {
  let server: TestServer
  let now: number

  beforeAll(async () => {
    server = await startTestServer(dialect)
    const player = await signUpPlayer(server)
    now = server.clock.now()
    // made in the last 3 h, every 3 s: all running
    const rows = Array.from({ length: running }, (_, i) => ({
      userId: player.user.id,
      titleId: bitcoin,
      messageId: `running-${i}`,
      trend: 'Up' as const,
      atPrice: 100,
      createdAt: now - i * spacingMs,
      evaluationDueAt: now - i * spacingMs + evaluationDelayMs,
      rewardFactor: 1,
    }))
    for (let i = 0; i < rows.length; i += 500)
      await server.ctx.db
        .insertInto('taggedMessages')
        .values(rows.slice(i, i + 500))
        .execute()
    // evaluated in the last 20 s: one due right now, the others at times no running one was made at
    await seedJudgedPredictions(
      server.ctx.db,
      Array.from({ length: evaluated }, (_, i) => ({
        userId: player.user.id,
        titleId: bitcoin,
        messageId: `evaluated-${i}`,
        trend: 'Up' as const,
        createdAt: now - evaluationDelayMs - (dueAgo[i] as number),
        correct: i % 2 === 0,
      })),
    )
    // settled polls of the last weeks, all older than the predictions
    const polls = Array.from({ length: oldPolls }, (_, i) => {
      const startTime = now - evaluationDelayMs - (i + 2) * hour
      return {
        titleId: bitcoin,
        priceBase: 100,
        startTime,
        endTime: startTime + hour / 2,
        evalTime: startTime + hour,
        createdAt: startTime,
        evalPrice: 101,
        outcome: 'up' as const,
        settledAt: startTime + hour,
      }
    })
    for (let i = 0; i < polls.length; i += 100)
      await server.ctx.db
        .insertInto('polls')
        .values(polls.slice(i, i + 100))
        .execute()
    // the planner's statistics of a game this size, as autovacuum would have them
    if (dialect === 'postgres') await sql`analyze`.execute(server.ctx.db)
  })
  afterAll(() => server.stop())

  const firstPage = async (db = server.ctx.db) => {
    const group = await server.ctx.db
      .selectFrom('userGroups')
      .selectAll()
      .where('id', '=', defaultGroupId)
      .executeTakeFirstOrThrow()
    return activityPage(server.ctx, db, group, { limit: stateChronicElements, now })
  }

  it('shows the newest predictions made and every evaluation, newest first', async () => {
    const { elements } = await firstPage()
    const expected = [
      ...Array.from({ length: running }, (_, i) => ({
        made: `running-${i}`,
        timestamp: now - i * spacingMs,
      })),
      ...Array.from({ length: evaluated }, (_, i) => ({
        evaluated: `evaluated-${i}`,
        timestamp: now - (dueAgo[i] as number),
      })),
    ]
      .sort((a, b) => b.timestamp - a.timestamp)
      .slice(0, stateChronicElements - 1)
    const shown = elements.flatMap((element) => {
      if (element.type !== 'TaggedMessage') return []
      const evaluation = element.evalPrice !== null
      expect(element.timestamp).toBe(
        evaluation ? element.data.createdAt + evaluationDelayMs : element.data.createdAt,
      )
      return [{ [evaluation ? 'evaluated' : 'made']: element.data.messageId, timestamp: element.timestamp }]
    })
    expect(elements[0]?.type).toBe('PollAnnouncement')
    expect(shown).toEqual(expected)
    expect(shown.filter((element) => 'evaluated' in element)).toHaveLength(evaluated)
  })

  it('reads the evaluations from the newest due prediction on, never the running ones', async () => {
    const statements = await statementsOf(server.ctx.db, (db) => firstPage(db))
    const evaluations = statements.filter(
      (statement) =>
        /from "tagged_messages"/.test(statement.sql) && /"p"\."price" is not null/.test(statement.sql),
    )
    expect(evaluations).toHaveLength(1)
    const [statement] = evaluations as [(typeof evaluations)[number]]
    if (dialect === 'sqlite') {
      // an index range that ends at the due ones (and starts at the page the predictions made
      // already fill), not a walk from the newest row
      expect(await sqlitePlan(server.ctx.db, statement)).toContain(
        'SEARCH t USING INDEX tagged_messages_created_at (created_at>? AND created_at<?)',
      )
    } else {
      expect(await postgresRowsVisited(server.ctx.db, statement, 'tagged_messages')).toBeLessThanOrEqual(
        2 * stateChronicElements,
      )
    }
  })

  /** Each statement reading polls walks a time index from its newest row and sorts nothing. */
  async function expectPollPages(statements: CompiledQuery[], count: number, limit: number) {
    const ofPolls = statements.filter((statement) => /from "polls"/.test(statement.sql))
    expect(ofPolls).toHaveLength(count)
    for (const statement of ofPolls) {
      if (dialect === 'sqlite') {
        const plan = await sqlitePlan(server.ctx.db, statement)
        expect(plan.join('\n')).toMatch(/USING INDEX polls_(start_time|settled_at|end_time)/)
        expect(plan.join('\n')).not.toContain('TEMP B-TREE')
      } else {
        expect(await postgresRowsVisited(server.ctx.db, statement, 'polls')).toBeLessThanOrEqual(2 * limit)
      }
    }
  }

  it("reads the polls opened and settled of the chronic's page, not every poll", async () => {
    const statements = await statementsOf(server.ctx.db, (db) => firstPage(db))
    await expectPollPages(statements, 2, stateChronicElements)
  })

  it('reads no poll older than the page the predictions already fill', async () => {
    const statements = await statementsOf(server.ctx.db, (db) => firstPage(db))
    const ofPolls = statements.filter((statement) => /from "polls"/.test(statement.sql))
    expect(ofPolls).toHaveLength(2)
    for (const statement of ofPolls) expect((await server.ctx.db.executeQuery(statement)).rows).toEqual([])
  })

  it('reads the newest polls of the list, not every poll', async () => {
    const read = (db: Executor) =>
      listPolls(db, { userId: 0, now, market: server.ctx.market, flatBand: server.ctx.config.pollFlatBand })
    expect((await read(server.ctx.db)).map((poll) => poll.startTime)).toEqual(
      Array.from({ length: pollListLimit }, (_, i) => now - evaluationDelayMs - (i + 2) * hour),
    )
    await expectPollPages(await statementsOf(server.ctx.db, read), 1, pollListLimit)
  })
})
