import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../server/db/migrate'
import { dialects } from '../support/databases'
import { databaseBefore } from '../support/migrations'

describe.each(dialects)('the daily closeout migration on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('makes the players who had already asked for the closeout due (by e-mail: 0023, as a push: 0024), and nobody else', async () => {
    const db = await databaseBefore(dialect, '0023-daily-closeout', cleanups)
    const settings = {
      asked: { notifications: { dailyCloseout: { email: true } } },
      pushOnly: { notifications: { dailyCloseout: { email: false, push: true } } },
      mailOtherwise: { notifications: { importantMessages: { email: true } } },
      defaults: {},
    }
    for (const [name, stored] of Object.entries(settings))
      await sql`insert into users (username, username_key, email, email_key, created_at, settings)
        values (${name}, ${name.toLowerCase()}, ${`${name}@example.test`}, ${`${name.toLowerCase()}@example.test`},
          1, ${JSON.stringify(stored)})`.execute(db)
    await migrateToLatest(db)
    expect(
      await db.selectFrom('users').select(['username', 'closeoutNextDay']).orderBy('username').execute(),
    ).toEqual([
      { username: 'asked', closeoutNextDay: 0 },
      { username: 'defaults', closeoutNextDay: null },
      { username: 'mailOtherwise', closeoutNextDay: null },
      { username: 'pushOnly', closeoutNextDay: 0 },
    ])
  })
})
