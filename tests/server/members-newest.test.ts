import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/database'
import { membersNewest } from '../../server/game/members-newest'
import { dialects } from '../support/databases'
import { bitcoin } from '../support/polls'
import { openTestDatabase } from '../support/test-database'
import { userRow } from '../support/user-rows'

/**
 * A large group's members are read a hundred to a statement (SQLite takes 500 terms in a compound
 * select); the statements' pages are merged into the group's. 250 members, three statements: the page
 * holds the newest rows of all of them, as one read over the members would.
 */

const members = 250
const now = 1_800_000_000_000

describe.each(dialects)('the newest rows of many members on %s', (dialect) => {
  let db: Db
  let close = async () => {}
  const ids = Array.from({ length: members }, (_, i) => i + 1)

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(dialect))
    await db
      .insertInto('users')
      .values(ids.map((id) => userRow(id, `m${id}`, now)))
      .execute()
    // each member's rows a second apart, staggered by member: the newest of all are spread over every
    // statement's members, and members 1, 101 and 201 share their times
    const rows = ids.flatMap((id) =>
      Array.from({ length: 5 }, (_, k) => ({
        userId: id,
        titleId: bitcoin,
        messageId: `${id}-${k}`,
        trend: 'Up' as const,
        atPrice: 100,
        createdAt: now - ((id * 7) % 100) * 1000 - k * 100_000,
        evaluationDueAt: now,
        rewardFactor: 1,
      })),
    )
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('taggedMessages')
        .values(rows.slice(i, i + 200))
        .execute()
  })
  afterAll(() => close())

  const ofMember = (userId: number) =>
    db
      .selectFrom('taggedMessages')
      .select(['messageId', 'createdAt'])
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')

  const everyRow = async () =>
    (
      await db
        .selectFrom('taggedMessages')
        .select(['messageId', 'createdAt'])
        .where('userId', 'in', ids)
        .execute()
    ).sort((a, b) => b.createdAt - a.createdAt || a.messageId.localeCompare(b.messageId))

  const byTime = (rows: { messageId: string; createdAt: number }[]) =>
    [...rows].sort((a, b) => b.createdAt - a.createdAt || a.messageId.localeCompare(b.messageId))

  it('gives the newest rows over all statements, newest first', async () => {
    // a page that ends between two times, so its rows are one set
    const all = await everyRow()
    let limit = 30
    while (all[limit - 1]?.createdAt === all[limit]?.createdAt) limit += 1
    const expected = all.slice(0, limit)
    const page = await membersNewest(db, ids, ofMember, 'createdAt', limit)
    expect(page.map((row) => row.createdAt)).toEqual(expected.map((row) => row.createdAt))
    expect(byTime(page)).toEqual(expected)
    // members of all three statements are on the page
    const on = new Set(page.map((row) => Number(row.messageId.split('-')[0])))
    expect([...on].some((id) => id <= 100) && [...on].some((id) => id > 200)).toBe(true)
  })

  it('gives every row without a limit', async () => {
    const all = await membersNewest(db, ids, ofMember, 'createdAt', undefined)
    expect(all.map((row) => row.createdAt)).toEqual((await everyRow()).map((row) => row.createdAt))
    expect(byTime(all)).toEqual(await everyRow())
  })

  it('reads nothing for a group without active members', async () => {
    expect(await membersNewest(db, [], ofMember, 'createdAt', 30)).toEqual([])
  })
})
