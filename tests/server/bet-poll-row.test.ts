import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../server/db/database'
import { inTransaction } from '../../server/db/transaction'
import { createWallet, post } from '../../server/game/ledger'
import { placeBet } from '../../server/game/wagers'
import { aroundTheClockFairPlay } from '../support/hours-market'
import { openTestDatabase } from '../support/test-database'
import { openPollRow, userRow } from '../support/user-rows'

const hour = 3600_000
const now = 1_800_000_000_000
const fairPlay = aroundTheClockFairPlay

/**
 * Every bet on a poll updates the poll's running totals, and PostgreSQL holds that row's lock until
 * the bet commits: bets on one poll take turns for as long as each holds it. A bet does all its other
 * work (the vote, the stake's ledger row and balance) before it asks for the row, so it holds the row
 * for one statement and its commit. (SQLite has one writer at a time: nothing to queue for there.)
 */
describe('a bet asks for its poll row last, on postgres', () => {
  let db: Db
  let close = async () => {}
  let pollId = 0

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase('postgres'))
    await db
      .insertInto('users')
      .values(userRow(1, 'bettor', now - 10 * hour))
      .execute()
    const wallet = await createWallet(db, 1, now - 10 * hour)
    await inTransaction(db, (tx) =>
      post(tx, { address: wallet, type: 'grant', amount: 10_000, reference: 'signup', now }),
    )
    const poll = await db
      .insertInto('polls')
      .values(openPollRow(now))
      .returning('id')
      .executeTakeFirstOrThrow()
    pollId = poll.id
  }, 60_000)
  afterAll(() => close())

  it('has written its vote, ledger row and balance when it waits for a poll row another transaction holds', async () => {
    let releaseHolder = () => {}
    const holderReleased = new Promise<void>((resolve) => {
      releaseHolder = resolve
    })
    let holding = () => {}
    const held = new Promise<void>((resolve) => {
      holding = resolve
    })
    // another transaction (a bet, a settlement) holds the poll's row
    const holder = db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection)
      await sql`update polls set bets_up = bets_up where id = ${pollId}`.execute(connection)
      holding()
      await holderReleased
      await sql`rollback`.execute(connection)
    })
    await held
    const bet = inTransaction(db, (tx) =>
      placeBet(tx, { pollId, userId: 1, vote: 'up', ttcBet: 25, now, fairPlay }),
    )
    // the bet's backend, once it waits for a lock
    const waiting = async () =>
      (
        await sql<{ pid: number; query: string }>`select pid, query from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
      ).rows
    await vi.waitFor(async () => expect(await waiting()).toHaveLength(1), { timeout: 10_000 })
    const [blocked] = await waiting()
    expect(blocked?.query).toMatch(/^update "polls"/)
    const locked = (
      await sql<{ relname: string }>`select c.relname from pg_locks l join pg_class c on c.oid = l.relation
        where l.pid = ${blocked?.pid} and l.mode = 'RowExclusiveLock' and c.relkind = 'r'`.execute(db)
    ).rows.map((row) => row.relname)
    expect(locked).toEqual(expect.arrayContaining(['votes', 'ledger', 'wallets']))
    releaseHolder()
    await holder
    expect(await bet).toMatchObject({ numUsersBetUp: 1, totalTtcBet: 25 })
  })
})
