import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/database'
import { preparedNameOf } from '../../server/db/named-statements'
import { preparedQuery } from '../../server/db/prepared-query'
import { openTestDatabase } from '../support/test-database'
import { userRow } from '../support/user-rows'

/**
 * On PostgreSQL the queries compiled once (`preparedQuery`) run as named statements, parsed once per
 * connection; any other text stays unnamed (a connection keeps each named statement for its life).
 */
describe('named statements on postgres', () => {
  let db: Db
  let close = async () => {}
  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase('postgres'))
  }, 60_000)
  afterAll(() => close())

  const userByName = preparedQuery<{ name: string }, { id: number; username: string }>((db, value) =>
    db.selectFrom('users').select(['id', 'username']).where('username', '=', value('name')),
  )

  it('keeps a compiled-once query prepared on its connection, and nothing else', async () => {
    const prepared = await db.transaction().execute(async (tx) => {
      // a transaction keeps one connection: the second run finds the statement there
      expect((await userByName(tx, { name: 'nobody' })).rows).toEqual([])
      expect((await userByName(tx, { name: 'nobody else' })).rows).toEqual([])
      await sql`select count(*) from users where username = ${'ad hoc'}`.execute(tx)
      return (
        await sql<{
          name: string
          statement: string
        }>`select name, statement from pg_prepared_statements`.execute(tx)
      ).rows
    })
    const texts = prepared.map((row) => row.statement)
    const named = prepared.find((row) => row.statement.includes('"username" = $1'))
    expect(named?.name).toBe(preparedNameOf(named?.statement ?? ''))
    expect(texts.filter((text) => text.includes('"username" = $1'))).toHaveLength(1)
    expect(texts.some((text) => text.includes('count(*)'))).toBe(false)
  })

  it('answers through a named statement as through any other: values bound, columns camel-cased', async () => {
    await db
      .insertInto('users')
      .values(userRow(1, 'Named', 1))
      .execute()
    const rows = (await userByName(db, { name: 'Named' })).rows
    expect(rows).toEqual([{ id: expect.any(Number), username: 'Named' }])
    expect((await userByName(db, { name: 'Other' })).rows).toEqual([])
  })
})
