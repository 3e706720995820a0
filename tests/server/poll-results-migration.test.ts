import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../server/db/migrate'
import { dialects } from '../support/databases'
import { databaseBefore } from '../support/migrations'

describe.each(dialects)('the poll results migration on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('gives existing polls the totals of their bets', async () => {
    const db = await databaseBefore(dialect, '0008-poll-results', cleanups)
    const now = Date.now()
    const sides = ['up', 'up', 'down', 'flat', 'up', 'down']
    for (const [k, _side] of sides.entries()) {
      const name = `p${k}`
      await sql`insert into users (username, username_key, email, email_key, created_at)
        values (${name}, ${name}, ${`${name}@example.test`}, ${`${name}@example.test`}, ${now})`.execute(db)
      await sql`insert into wallets (address, user_id, balance, created_at)
        select ${`0x${name}`}, id, 10000, ${now} from users where username = ${name}`.execute(db)
    }
    for (const titleId of [2494, 2793, 99979]) {
      await sql`insert into polls (title_id, price_base, start_time, end_time, eval_time, created_at)
        values (${titleId}, 100, ${now}, ${now + 1000}, ${now + 2000}, ${now})`.execute(db)
    }
    const polls = (await sql<{ id: number }>`select id from polls order by id`.execute(db)).rows.map((r) =>
      Number(r.id),
    )
    // bets on the first two polls, none on the third
    for (const [k, side] of sides.entries()) {
      const pollId = polls[k % 2]
      await sql`insert into votes (poll_id, user_id, wallet_address, vote, ttc_bet, created_at)
        select ${pollId}, id, ${`0xp${k}`}, ${side}, ${(k + 1) * 100}, ${now}
        from users where username = ${`p${k}`}`.execute(db)
    }
    await migrateToLatest(db)
    const totals = await db
      .selectFrom('polls')
      .select(['id', 'betsUp', 'betsFlat', 'betsDown', 'ttcBetTotal'])
      .orderBy('id')
      .execute()
    const recount = await db
      .selectFrom('votes')
      .select((eb) => [
        'pollId',
        'vote',
        eb.fn.countAll<number>().as('bets'),
        eb.fn.sum<number>('ttcBet').as('staked'),
      ])
      .groupBy(['pollId', 'vote'])
      .execute()
    const expected = polls.map((id) => {
      const of = (side: string) => Number(recount.find((r) => r.pollId === id && r.vote === side)?.bets ?? 0)
      const staked = recount.filter((r) => r.pollId === id).reduce((sum, r) => sum + Number(r.staked), 0)
      return { id, betsUp: of('up'), betsFlat: of('flat'), betsDown: of('down'), ttcBetTotal: staked }
    })
    expect(totals).toEqual(expected)
    expect(expected[0]).toEqual({ id: polls[0], betsUp: 2, betsFlat: 0, betsDown: 1, ttcBetTotal: 900 })
    expect(expected[2]).toEqual({ id: polls[2], betsUp: 0, betsFlat: 0, betsDown: 0, ttcBetTotal: 0 })
  })
})
