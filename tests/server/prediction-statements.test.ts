import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/database'
import { placePrediction } from '../../server/game/predictions'
import { dialects } from '../support/databases'
import { aroundTheClockFairPlay } from '../support/hours-market'
import { StatementLog } from '../support/statement-log'
import { openTestDatabase } from '../support/test-database'
import { userRow } from '../support/user-rows'

const start = Date.UTC(2026, 2, 10, 14)

/**
 * Every tag runs placePrediction: its statements are compiled once and, on PostgreSQL, each is a round
 * trip, so their number is the tag's cost there.
 */
describe.each(dialects)("a tag's statements on %s", (dialect) => {
  let db: Db
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(dialect))
    await db
      .insertInto('users')
      .values(userRow(1, 'ann', start))
      .execute()
  })
  afterAll(() => close())

  it("are four, none built per call: on PostgreSQL the player's lock comes with the evaluation's progress", async () => {
    const log = new StatementLog()
    const logged = db.withPlugin(log)
    const tag = (messageId: string) =>
      logged.transaction().execute((tx) =>
        placePrediction(tx, {
          userId: 1,
          titleId: 7,
          messageId,
          trend: 'Up',
          atPrice: 100,
          now: start,
          fairPlay: aroundTheClockFairPlay,
        }),
      )
    // the first tag of a process compiles them
    expect((await tag('m-1'))?.row.messageId).toBe('m-1')
    log.reset()
    const placed = await tag('m-2')
    expect(placed?.row).toMatchObject({ userId: 1, titleId: 7, messageId: 'm-2', trend: 'Up' })
    expect(log.statements).toEqual([])
    expect(log.executions).toBe(4)
  })
})
