import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../server/db/migrate'
import { dialects } from '../support/databases'
import { databaseBefore } from '../support/migrations'

describe.each(dialects)('the pot per side migration on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('gives existing polls the sums of their bets per side', async () => {
    const db = await databaseBefore(dialect, '0013-poll-side-pots', cleanups)
    const now = Date.now()
    const bets = [
      ['up', 150],
      ['down', 225],
      ['up', 1000],
      ['flat', 1],
    ] as const
    for (const [k] of bets.entries()) {
      const name = `p${k}`
      await sql`insert into users (username, username_key, email, email_key, created_at)
        values (${name}, ${name}, ${`${name}@example.test`}, ${`${name}@example.test`}, ${now})`.execute(db)
      await sql`insert into wallets (address, user_id, balance, created_at)
        select ${`0x${name}`}, id, 10000, ${now} from users where username = ${name}`.execute(db)
    }
    for (const titleId of [2494, 2793]) {
      await sql`insert into polls (title_id, price_base, start_time, end_time, eval_time, created_at)
        values (${titleId}, 100, ${now}, ${now + 1000}, ${now + 2000}, ${now})`.execute(db)
    }
    const [first, second] = (
      await sql<{ id: number }>`select id from polls order by id`.execute(db)
    ).rows.map((r) => Number(r.id))
    // every bet on the first poll, none on the second
    for (const [k, [side, hundredths]] of bets.entries()) {
      await sql`insert into votes (poll_id, user_id, wallet_address, vote, ttc_bet, created_at)
        select ${first}, id, ${`0xp${k}`}, ${side}, ${hundredths}, ${now}
        from users where username = ${`p${k}`}`.execute(db)
    }
    await migrateToLatest(db)
    const pots = await db
      .selectFrom('polls')
      .select(['id', 'ttcBetUp', 'ttcBetFlat', 'ttcBetDown'])
      .orderBy('id')
      .execute()
    expect(pots.map((p) => ({ ...p, ttcBetUp: Number(p.ttcBetUp) }))).toEqual([
      { id: first, ttcBetUp: 1150, ttcBetFlat: 1, ttcBetDown: 225 },
      { id: second, ttcBetUp: 0, ttcBetFlat: 0, ttcBetDown: 0 },
    ])
  })
})
