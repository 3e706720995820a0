import type { FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findSession, readSessionNow } from '../../server/auth/sessions.repo'
import { sha256 } from '../../server/auth/tokens'
import { findUserById, readUserNow } from '../../server/auth/users.repo'
import type { AppContext } from '../../server/context'
import { connectDatabase, sqliteHandleOf } from '../../server/db/connect'
import type { Db, Tx } from '../../server/db/database'
import { migrateToLatest } from '../../server/db/migrate'
import { camelName } from '../../server/db/sqlite-rows'
import { inSqliteWrite } from '../../server/db/write-batch'
import type { FairPlay } from '../../server/game/fair-play'
import { type NewPrediction, placePrediction, placePredictionNow } from '../../server/game/predictions'
import { type Bet, placeBet, placeBetNow } from '../../server/game/wagers'
import { AppError } from '../../server/http/app-error'
import { authenticate } from '../../server/http/session'
import { rewardFactorFor } from '../../src/domain/reward-factor'
import { createPostgresDatabase } from '../support/databases'
import { aroundTheClock, closedUntilTheDayAfterTomorrow } from '../support/hours-market'

/**
 * The SQLite hot path of tags, bets and the caller's session runs straight on the better-sqlite3 handle
 * instead of through Kysely. Each function is held here to its Kysely twin on the same rows: the same
 * answer or refusal, and the same rows written (half-done ones of a refusal included, which the
 * savepoint of the group commit rolls back).
 */
const hour = 3600_000
const now = 1_800_000_000_000
const rich = 1
const poor = 2
const token = 'hot-path-session-token'
const staleToken = 'hot-path-stale-session-token'
const closed = closedUntilTheDayAfterTomorrow(now)
/** every market open */
const fairPlay: FairPlay = { title: (id) => ({ n: `Title ${id}`, hours: aroundTheClock }), timeZone: 'UTC' }
/** title 7's market closed */
const closedSeven: FairPlay = {
  title: (id) => ({ n: `Title ${id}`, hours: id === 7 ? closed.hours : aroundTheClock }),
  timeZone: 'UTC',
}

async function seed(db: Db): Promise<void> {
  await migrateToLatest(db)
  for (const [id, name] of [
    [rich, 'rich'],
    [poor, 'poor'],
  ] as const) {
    await db
      .insertInto('users')
      .values({
        id,
        username: name,
        usernameKey: name,
        email: `${name}@example.com`,
        emailKey: `${name}@example.com`,
        emailConfirmedAt: null,
        emailOptOut: 0,
        firstName: null,
        lastName: null,
        passwordHash: null,
        passwordVersion: 0,
        settings: '{}',
        createdAt: now - 10 * hour,
      })
      .execute()
  }
  // the rich player's second wallet is never the one bet from
  await db
    .insertInto('wallets')
    .values([
      { address: 'w-rich', userId: rich, balance: 10_000, createdAt: now - 10 * hour },
      { address: 'w-rich-2', userId: rich, balance: 5, createdAt: now - 5 * hour },
      { address: 'w-poor', userId: poor, balance: 150, createdAt: now - 10 * hour },
    ])
    .execute()
  const poll = (startTime: number) => ({
    titleId: 7,
    priceBase: 100,
    startTime,
    endTime: startTime + 2 * hour,
    evalTime: startTime + 6 * hour,
    createdAt: startTime,
    evalPrice: null,
    outcome: null,
    settledAt: null,
  })
  // 1 open, 2 closed, 3 evaluated; 1 holds an earlier bet of the poor player
  await db
    .insertInto('polls')
    .values([poll(now - hour), poll(now - 3 * hour), poll(now - 7 * hour)])
    .execute()
  await db
    .insertInto('votes')
    .values({
      pollId: 1,
      userId: poor,
      walletAddress: 'w-poor',
      vote: 'down',
      ttcBet: 100,
      payout: null,
      createdAt: now - hour,
    })
    .execute()
  await db.updateTable('polls').set({ betsDown: 1, ttcBetTotal: 100 }).where('id', '=', 1).execute()
  // predictions: one running, one due and not evaluated yet, one evaluated
  const tagged = (messageId: string, createdAt: number) => ({
    userId: rich,
    titleId: 7,
    messageId,
    trend: 'Up' as const,
    atPrice: 100,
    createdAt,
    evaluationDueAt: createdAt + 3 * hour,
    rewardFactor: 1,
  })
  await db
    .insertInto('taggedMessages')
    .values([
      tagged('m1', now - hour),
      tagged('m2', now - 4 * hour),
      tagged('m3', now - 5 * hour),
      { ...tagged('m4', now - 6 * hour), titleId: 8 },
      { ...tagged('m5', now - 5 * hour), userId: poor, titleId: 9 },
    ])
    .execute()
  // m3 and m5 evaluated (at 101 and 50): the job got as far as their due time; m4's minute had no price
  // yet (pending)
  const m3Due = now - 2 * hour
  const m4Due = now - 3 * hour
  await db
    .insertInto('evaluationPrices')
    .values([
      { titleId: 7, dueMinute: m3Due - (m3Due % 60_000), price: 101, coveredTo: m3Due },
      { titleId: 8, dueMinute: m4Due - (m4Due % 60_000), price: null, coveredTo: m4Due },
      { titleId: 9, dueMinute: m3Due - (m3Due % 60_000), price: 50, coveredTo: m3Due },
    ])
    .execute()
  await db.updateTable('evaluationProgress').set({ evaluatedTo: m3Due }).execute()
  await db
    .insertInto('sessions')
    .values([
      {
        idHash: sha256(token),
        userId: rich,
        websocketHash: 'ws-1',
        fingerprint: null,
        activeGroupId: 1000,
        createdAt: now - 2 * hour,
        lastSeenAt: now - 10 * 60_000,
      },
      {
        idHash: sha256(staleToken),
        userId: poor,
        websocketHash: 'ws-2',
        fingerprint: 'fp',
        activeGroupId: 1000,
        createdAt: now - 3 * hour,
        lastSeenAt: now - 2 * hour,
      },
    ])
    .execute()
}

const rollback = new Error('rolled back on purpose')

/** What a write answered or refused, and the rows it left in its transaction (then rolled back). */
async function outcomeOf(db: Db, write: (tx: Tx) => Promise<unknown>) {
  let outcome: Record<string, unknown> = {}
  await db
    .transaction()
    .execute(async (tx) => {
      try {
        outcome = { value: await write(tx) }
      } catch (error) {
        outcome =
          error instanceof AppError
            ? { status: error.statusCode, code: error.code, message: error.message, fields: error.fields }
            : { error: String(error) }
      }
      for (const table of ['polls', 'votes', 'wallets', 'ledger', 'tagged_messages'])
        outcome[table] = (await sql`select * from ${sql.table(table)} order by 1, 2, 3`.execute(tx)).rows
      throw rollback
    })
    .catch((error) => {
      if (error !== rollback) throw error
    })
  return outcome
}

describe('the SQLite hot path against its Kysely twins', () => {
  let db: Db

  beforeAll(async () => {
    db = connectDatabase({ dataDir: ':memory:' })
    await seed(db)
  })
  afterAll(() => db.destroy())

  const handle = () => {
    const found = sqliteHandleOf(db)
    if (!found) throw new Error('no SQLite handle')
    return found
  }

  const bets: [string, Bet][] = [
    ['a bet', { pollId: 1, userId: rich, vote: 'up', ttcBet: 12.34, now, fairPlay }],
    ['a flat bet of all the money', { pollId: 1, userId: rich, vote: 'flat', ttcBet: 100, now, fairPlay }],
    ['an unknown poll', { pollId: 99, userId: rich, vote: 'up', ttcBet: 1, now, fairPlay }],
    ['a closed poll', { pollId: 2, userId: rich, vote: 'down', ttcBet: 1, now, fairPlay }],
    ['an evaluated poll', { pollId: 3, userId: rich, vote: 'down', ttcBet: 1, now, fairPlay }],
    ['a second bet', { pollId: 1, userId: poor, vote: 'up', ttcBet: 1, now, fairPlay }],
    ['more than the balance', { pollId: 1, userId: rich, vote: 'down', ttcBet: 100.01, now, fairPlay }],
    ['a stake beyond any column', { pollId: 1, userId: rich, vote: 'up', ttcBet: 1e300, now, fairPlay }],
    [
      'a bet on a closed market',
      { pollId: 1, userId: rich, vote: 'up', ttcBet: 1, now, fairPlay: closedSeven },
    ],
    [
      'a closed poll on a closed market',
      { pollId: 2, userId: rich, vote: 'up', ttcBet: 1, now, fairPlay: closedSeven },
    ],
  ]
  it.each(bets)('placeBetNow answers %s as placeBet does, with the same rows', async (_, bet) => {
    const kysely = await outcomeOf(db, (tx) => placeBet(tx, bet))
    const now = await outcomeOf(db, async () => placeBetNow(handle(), bet))
    expect(now).toEqual(kysely)
    expect(Object.keys(kysely)[0]).toBe(
      bet.pollId === 1 && bet.ttcBet <= 100 && bet.userId === rich && bet.fairPlay === fairPlay
        ? 'value'
        : 'status',
    )
  })

  it('refuses a bet on an open poll whose market is closed, saying when it opens, and keeps the money', async () => {
    const bet: Bet = { pollId: 1, userId: rich, vote: 'up', ttcBet: 1, now, fairPlay: closedSeven }
    const refused = await outcomeOf(db, async () => placeBetNow(handle(), bet))
    expect(refused).toMatchObject({
      status: 409,
      code: 'market_closed',
      message: `Warning: The market of Title 7 is closed. It opens at ${new Date(closed.opensAt).toISOString().slice(0, 16)}+00:00.`,
    })
    const untouched = await outcomeOf(db, async () => 'nothing')
    // the stake is not taken (the poll's counters and the vote written before the check are rolled back
    // by the write's savepoint, which this transaction does not show)
    for (const table of ['wallets', 'ledger']) expect(refused[table]).toEqual(untouched[table])
    // a bet there already says so first, and so does a closed poll
    const again = await outcomeOf(db, async () => placeBetNow(handle(), { ...bet, userId: poor }))
    expect(again).toMatchObject({ status: 409, code: 'already_placed' })
    const late = await outcomeOf(db, async () => placeBetNow(handle(), { ...bet, pollId: 2 }))
    expect(late).toMatchObject({ status: 409, code: 'betting_closed' })
  })

  it('refuses a bet once the poll closes', async () => {
    const late = await outcomeOf(db, async () =>
      placeBetNow(handle(), { pollId: 1, userId: rich, vote: 'up', ttcBet: 1, now: now + hour, fairPlay }),
    )
    expect(late).toMatchObject({ status: 409, code: 'betting_closed' })
  })

  const predictions: [string, NewPrediction][] = [
    [
      'a prediction',
      { userId: rich, titleId: 7, messageId: 'm9', trend: 'Up', atPrice: 99.5, now, fairPlay },
    ],
    [
      'one on another title',
      { userId: rich, titleId: 5, messageId: 'm1', trend: 'Down', atPrice: 12, now, fairPlay },
    ],
    [
      'a repeated one',
      { userId: rich, titleId: 7, messageId: 'm1', trend: 'Up', atPrice: 100, now, fairPlay },
    ],
    ['a first one', { userId: poor, titleId: 7, messageId: 'm1', trend: 'Up', atPrice: 100, now, fairPlay }],
    [
      'one on a clock behind the evaluation job',
      { userId: poor, titleId: 7, messageId: 'm8', trend: 'Up', atPrice: 100, now: now - 4 * hour, fairPlay },
    ],
    [
      'one opposite to a running one',
      { userId: rich, titleId: 7, messageId: 'm9', trend: 'Down', atPrice: 99.5, now, fairPlay },
    ],
    [
      'one opposite to one waiting for its price',
      { userId: rich, titleId: 8, messageId: 'm9', trend: 'Down', atPrice: 12, now, fairPlay },
    ],
    [
      'one opposite to a judged one',
      { userId: poor, titleId: 9, messageId: 'm9', trend: 'Down', atPrice: 50, now, fairPlay },
    ],
    [
      'one on a closed market',
      { userId: poor, titleId: 7, messageId: 'm9', trend: 'Up', atPrice: 100, now, fairPlay: closedSeven },
    ],
  ]
  it.each(predictions)('placePredictionNow places %s as placePrediction does', async (_, prediction) => {
    const kysely = await outcomeOf(db, (tx) => placePrediction(tx, prediction))
    const now = await outcomeOf(db, async () => placePredictionNow(handle(), prediction))
    expect(now).toEqual(kysely)
  })

  it('refuses a prediction opposite to a running one on the title, naming it and when it is judged', async () => {
    const opposite = predictions[5]?.[1] as NewPrediction
    const refused = await outcomeOf(db, async () => placePredictionNow(handle(), opposite))
    // m1 (Up, made an hour ago) is judged last of the running ones; m2 (due, not evaluated yet) runs too
    const judgedAt = new Date(now + 2 * hour).toISOString().slice(0, 16)
    expect(refused).toMatchObject({
      status: 409,
      code: 'opposite_prediction',
      message: `Warning: Your Up prediction on Title 7 runs until it is judged at ${judgedAt}+00:00; until then you cannot predict the opposite.`,
    })
    // a prediction waiting for its price runs as well; a judged one does not hold the title
    const pending = await outcomeOf(db, async () =>
      placePredictionNow(handle(), predictions[6]?.[1] as NewPrediction),
    )
    expect(pending).toMatchObject({ status: 409, code: 'opposite_prediction' })
    const judged = await outcomeOf(db, async () =>
      placePredictionNow(handle(), predictions[7]?.[1] as NewPrediction),
    )
    expect(judged.value).toMatchObject({ row: { messageId: 'm9', titleId: 9, trend: 'Down' } })
  })

  it('refuses a prediction on a closed market, saying when it opens', async () => {
    const refused = await outcomeOf(db, async () =>
      placePredictionNow(handle(), predictions[8]?.[1] as NewPrediction),
    )
    expect(refused).toMatchObject({
      status: 409,
      code: 'market_closed',
      message: `Warning: The market of Title 7 is closed. It opens at ${new Date(closed.opensAt).toISOString().slice(0, 16)}+00:00.`,
    })
  })

  it('makes a prediction no earlier than the evaluation job has got to, so that it is evaluated', async () => {
    const behind = predictions[4]?.[1] as NewPrediction
    const placed = await outcomeOf(db, async () => placePredictionNow(handle(), behind))
    // the fixture's job got to m3's due time, two hours ago
    expect(placed.value).toMatchObject({
      row: { createdAt: now - 2 * hour, evaluationDueAt: now - 2 * hour + 3 * hour },
    })
  })

  it('counts the running predictions as placePrediction does (the reward factor)', async () => {
    const prediction = predictions[0]?.[1] as NewPrediction
    const placed = await outcomeOf(db, async () => placePredictionNow(handle(), prediction))
    // three running of the rich player's: m1 made an hour ago, m2 due but not evaluated yet, m4 waiting for its price (m3 is
    // evaluated)
    expect(placed.value).toMatchObject({
      row: { messageId: 'm9', rewardFactor: rewardFactorFor(3) },
      nextRewardFactor: rewardFactorFor(4),
    })
  })

  it('reads sessions and users as findSession and findUserById do, leaving the touch to findSession', async () => {
    expect(readSessionNow(handle(), token, now)).toEqual(await findSession(db, token, now))
    expect(readSessionNow(handle(), 'no-such-token', now)).toBeUndefined()
    expect(readSessionNow(handle(), staleToken, now)).toBe('write')
    expect(readUserNow(handle(), rich)).toEqual(await findUserById(db, rich))
    expect(readUserNow(handle(), 12345)).toBeUndefined()
    expect(readUserNow(handle(), 2 ** 40)).toBeUndefined()
  })

  it('maps column names as the CamelCasePlugin does', () => {
    expect(['id_hash', 'last_seen_at', 'a__b', 'line_1', 'plain'].map(camelName)).toEqual([
      'idHash',
      'lastSeenAt',
      'aB',
      'line1',
      'plain',
    ])
  })

  describe('authenticate', () => {
    const ctx = () =>
      ({ db, config: { appOrigin: 'http://localhost' }, clock: { now: () => now } }) as unknown as AppContext
    const request = (cookie: string) => ({ cookies: { alpha_session: cookie } }) as unknown as FastifyRequest

    it('answers from the handle as from Kysely, and touches a session last seen over an hour ago', async () => {
      const auth = await authenticate(request(token), ctx())
      expect(auth).toEqual({
        token,
        session: await findSession(db, token, now),
        user: await findUserById(db, rich),
      })
      expect(await authenticate(request('unknown'), ctx())).toBeNull()
      const stale = await authenticate(request(staleToken), ctx())
      expect(stale?.user.id).toBe(poor)
      const touched = await db
        .selectFrom('sessions')
        .select('lastSeenAt')
        .where('idHash', '=', sha256(staleToken))
        .executeTakeFirstOrThrow()
      expect(touched.lastSeenAt).toBe(now)
    })

    it('waits for a transaction under way instead of reading its uncommitted rows', async () => {
      let pending: Promise<unknown> | undefined
      await db
        .transaction()
        .execute(async (tx) => {
          await tx.deleteFrom('sessions').where('idHash', '=', sha256(token)).execute()
          // the connection is in the transaction: an uncommitted read would find no session
          pending = authenticate(request(token), ctx())
          await new Promise((resolve) => setTimeout(resolve, 20))
          throw rollback
        })
        .catch((error) => {
          if (error !== rollback) throw error
        })
      expect(await pending).toMatchObject({ token, user: { id: rich } })
    })
  })
})

describe('the SQLite hot path on PostgreSQL', () => {
  it('is not taken: inSqliteWrite leaves the write to the Kysely path', async () => {
    const created = await createPostgresDatabase()
    const db = connectDatabase({ databaseUrl: created.url, dataDir: ':memory:' })
    try {
      expect(sqliteHandleOf(db)).toBeUndefined()
      expect(inSqliteWrite(db, () => 1)).toBeUndefined()
    } finally {
      await db.destroy()
      await created.drop()
    }
  })
})
