import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/database'
import { refreshAuthorScores } from '../../server/game/author-scores'
import { evaluateDuePredictions } from '../../server/game/evaluate-predictions'
import { evaluationJoinSql } from '../../server/game/prediction-sql'
import { databaseMessageStore } from '../../server/market/messages.repo'
import { messageVerdict } from '../../src/domain/author-score'
import { evaluationDelayMs, isCorrectPrediction, type Trend } from '../../src/domain/prediction'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { sliceRecorder } from '../support/slice-recorder'
import { sqlitePlan, statementsOf } from '../support/statement-plans'
import { startTestServer, type TestServer } from '../support/test-server'

const hour = 3_600_000
const minute = 60_000
/** The price of every priced key: an Up prediction made at 99 is right, at 101 wrong. */
const price = 100

/**
 * The author scores counted incrementally, slice by slice, as the evaluation judges predictions in
 * batches: always what a count of every judged prediction gives (messageVerdict over the rows).
 */
describe.each(dialects)('incremental author scores on %s', (dialect) => {
  let server: TestServer
  let players: SignedUp[]
  let db: Db
  /** titles the market has no price for yet */
  const unpriced = new Set<number>()
  const market = { priceAt: async (titleId: number) => (unpriced.has(titleId) ? undefined : price) }
  let start = 0

  beforeAll(async () => {
    server = await startTestServer(dialect)
    db = server.ctx.db
    players = await Promise.all(Array.from({ length: 4 }, () => signUpPlayer(server)))
    start = server.clock.now() - 10 * hour
  })
  afterAll(() => server.stop())

  const player = (i: number) => (players[i] as SignedUp).user.id

  /** A stream message by `author`, stored as the market's timer stores messages (a stream message's copy). */
  async function message(messageId: string, author: string): Promise<void> {
    const [template] = await server.ctx.market.recentMessages({ sinceMs: start - 24 * hour, limit: 1 })
    if (!template) throw new Error('no stream message')
    const twitterUser = { ...template.twitter_user, screen_name: author }
    await databaseMessageStore(db).save([{ ...template, message_id: messageId, twitter_user: twitterUser }])
  }

  /** A prediction made `madeAfterMs` after `start`, right or wrong at the market's price. */
  async function predict(
    messageId: string,
    titleId: number,
    who: number,
    trend: Trend,
    right: boolean,
    madeAfterMs: number,
  ): Promise<void> {
    const below = trend === 'Up' ? right : !right
    const createdAt = start + madeAfterMs
    await db
      .insertInto('taggedMessages')
      .values({
        userId: player(who),
        titleId,
        messageId,
        trend,
        atPrice: below ? price - 1 : price + 1,
        createdAt,
        evaluationDueAt: createdAt + evaluationDelayMs,
        rewardFactor: 1,
      })
      .execute()
  }

  /** The evaluation job's work for the predictions due by `madeAfterMs` after `start`. */
  const evaluateMadeBy = (madeAfterMs: number) =>
    evaluateDuePredictions({ db, market }, start + madeAfterMs + evaluationDelayMs)

  /** Every author's counts as a count over all judged predictions gives them, from the rows. */
  async function recounted(): Promise<Record<string, [number, number]>> {
    const { rows } = await sql<{
      messageId: string
      titleId: number
      trend: Trend
      atPrice: number
      price: number | null
    }>`
      select t.message_id, t.title_id, t.trend, t.at_price, p.price from tagged_messages t ${evaluationJoinSql()}`.execute(
      db,
    )
    const splits = new Map<
      string,
      { messageId: string; up: number; down: number; upRight: number; downRight: number }
    >()
    for (const row of rows) {
      const id = `${row.messageId}/${row.titleId}`
      const split = splits.get(id) ?? { messageId: row.messageId, up: 0, down: 0, upRight: 0, downRight: 0 }
      splits.set(id, split)
      if (row.price === null) continue
      const right = isCorrectPrediction(row.trend, Number(row.atPrice), Number(row.price)) ? 1 : 0
      if (row.trend === 'Up') [split.up, split.upRight] = [split.up + 1, split.upRight + right]
      else [split.down, split.downRight] = [split.down + 1, split.downRight + right]
    }
    const authors = await db.selectFrom('messageAuthors').select(['messageId', 'author']).execute()
    const authorOf = new Map(authors.map((row) => [row.messageId, row.author]))
    const counts: Record<string, [number, number]> = {}
    for (const { author } of authors) counts[author] = [0, 0]
    for (const split of splits.values()) {
      const author = authorOf.get(split.messageId)
      const verdict = messageVerdict(split)
      if (author === undefined || verdict === 'undecided') continue
      const count = counts[author] as [number, number]
      count[0] += 1
      if (verdict === 'right') count[1] += 1
    }
    return counts
  }

  async function scores(): Promise<Record<string, [number, number]>> {
    const rows = await db.selectFrom('authorScores').selectAll().execute()
    return Object.fromEntries(rows.map((row) => [row.author, [Number(row.judged), Number(row.provedRight)]]))
  }

  it('counts what a count of every judged prediction gives, as evaluations judge them in batches', async () => {
    // authors of the stream, nothing judged: the prior's score from their first message on
    const stream = await server.ctx.market.recentMessages({
      sinceMs: server.clock.now() - 24 * hour,
      limit: 20,
    })
    expect(stream.length).toBeGreaterThan(0)
    await databaseMessageStore(db).save(stream)
    const newAuthor = (stream[0] as (typeof stream)[number]).twitter_user.screen_name
    expect((await scores())[newAuthor]).toEqual([0, 0])

    await message('flip', 'alice')
    await message('steady', 'alice')
    await message('tie', 'bob')
    await message('late-price', 'carol')
    // first batch: flip right (Up), tie right (Up), steady right (Down, title 2), late-price still unpriced
    await predict('flip', 1, 0, 'Up', true, 0)
    await predict('tie', 1, 0, 'Up', true, 1000)
    await predict('steady', 2, 0, 'Down', true, 2000)
    await predict('steady', 2, 1, 'Down', true, 3000)
    unpriced.add(3)
    await predict('late-price', 3, 0, 'Up', true, 4000)
    await predict('late-price', 3, 1, 'Up', true, 5000)
    // second batch: flip's majority turns wrong (1 of 3 Up right), tie gets its Down
    await predict('flip', 1, 1, 'Up', false, 10 * minute)
    await predict('flip', 1, 2, 'Up', false, 10 * minute + 1000)
    await predict('tie', 1, 1, 'Down', true, 10 * minute + 2000)
    // third batch: steady's other title, wrong; tie decided again (2 Up, both right)
    await predict('steady', 1, 0, 'Up', false, 20 * minute)
    await predict('tie', 1, 3, 'Up', true, 20 * minute + 1000)

    await evaluateMadeBy(5000)
    await refreshAuthorScores(db)
    expect(await scores()).toEqual(await recounted())
    expect(await scores()).toMatchObject({ alice: [2, 2], bob: [1, 1], carol: [0, 0], [newAuthor]: [0, 0] })

    await evaluateMadeBy(10 * minute + 2000)
    await refreshAuthorScores(db)
    expect(await scores()).toEqual(await recounted())
    // flip right → wrong, tie right → undecided
    expect(await scores()).toMatchObject({ alice: [2, 1], bob: [0, 0], carol: [0, 0] })

    // the market prices late-price's key now: judged behind the count's progress
    unpriced.clear()
    await evaluateMadeBy(20 * minute + 1000)
    await refreshAuthorScores(db)
    expect(await scores()).toEqual(await recounted())
    expect(await scores()).toMatchObject({ alice: [3, 1], bob: [1, 1], carol: [1, 1] })

    // a deleted account takes its predictions: tie is a tie again
    const leaving = players[3] as SignedUp
    expect((await leaving.client.delete('/v1/users/me', { password: leaving.password })).status).toBe(204)
    await refreshAuthorScores(db)
    expect(await scores()).toEqual(await recounted())
    expect(await scores()).toMatchObject({ alice: [3, 1], bob: [0, 0], carol: [1, 1] })
  })

  it('counts a backlog in slices, one transaction each, with the event loop free between them', async () => {
    const from = 30 * minute
    for (let m = 0; m < 40; m++) {
      await message(`backlog-${m}`, `author_${m % 6}`)
      for (let p = 0; p < 3; p++)
        await predict(`backlog-${m}`, 5, p, p === 2 ? 'Down' : 'Up', (m + p) % 3 !== 0, from + m * 1000 + p)
    }
    await evaluateMadeBy(from + 60_000)
    // each slice moves the count's progress once
    const recorder = sliceRecorder(
      (node) => node.kind === 'UpdateQueryNode' && JSON.stringify(node).includes('"author_score_progress"'),
    )
    const slices = await refreshAuthorScores(db.withPlugin(recorder.plugin), { sliceSize: 7 })
    const recorded = recorder.stop()
    expect(slices).toBeGreaterThanOrEqual(120 / 7)
    expect(recorded.slices).toBe(slices)
    expect(recorded.turnBetweenEach).toBe(true)
    expect(await scores()).toEqual(await recounted())
  })

  // SQLite's plans: a statement there holds the event loop for as long as it reads
  if (dialect === 'sqlite')
    it('reads the predictions by the due and message indexes, never a scan', async () => {
      await message('indexed', 'ivy')
      await predict('indexed', 6, 0, 'Up', true, 40 * minute)
      await evaluateMadeBy(40 * minute)
      const statements = await statementsOf(db, (executor) => refreshAuthorScores(executor as Db))
      const reads = statements.filter((statement) => statement.sql.includes('tagged_messages'))
      // the window's end, its messages, their predictions
      expect(reads).toHaveLength(3)
      for (const statement of reads) {
        const plan = (await sqlitePlan(db, statement)).join('\n')
        expect(plan, statement.sql).toMatch(/USING (COVERING )?INDEX tagged_messages_(due|message)\b/)
        expect(plan, statement.sql).not.toMatch(/SCAN (t|tagged_messages)\b/)
      }
    })

  it('reads one statement on a pass with nothing newly judged, however much was judged before', async () => {
    await refreshAuthorScores(db)
    const statements = await statementsOf(db, (executor) => refreshAuthorScores(executor as Db))
    expect(statements).toHaveLength(1)
    expect(statements[0]?.sql).not.toContain('tagged_messages')
  })
})
