import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../server/db/migrate'
import { dialects } from '../support/databases'
import { databaseBefore } from '../support/migrations'

describe.each(dialects)('the groups migration on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('puts existing players into group 1000 and numbers later groups above it', async () => {
    const db = await databaseBefore(dialect, '0006-groups', cleanups)
    for (const name of ['early', 'bird']) {
      await sql`insert into users (username, username_key, email, email_key, created_at)
        values (${name}, ${name}, ${`${name}@example.test`}, ${`${name}@example.test`}, ${Date.now()})`.execute(
        db,
      )
    }
    await migrateToLatest(db)
    const users = await db.selectFrom('users').select('id').orderBy('id').execute()
    const members = await db
      .selectFrom('groupMembers')
      .select(['groupId', 'userId', 'isAdmin', 'status'])
      .orderBy('userId')
      .execute()
    expect(members).toEqual(users.map((u) => ({ groupId: 1000, userId: u.id, isAdmin: 0, status: 'active' })))
    const alpha = await db.selectFrom('userGroups').selectAll().executeTakeFirstOrThrow()
    expect(alpha).toMatchObject({
      id: 1000,
      name: 'Alpha',
      publicGroup: 1,
      type: 'userGroup',
      createdBy: null,
    })
    const { id } = await db
      .insertInto('userGroups')
      .values({
        name: 'Next',
        type: 'userGroup',
        publicGroup: 0,
        avatarFile: null,
        createdAt: Date.now(),
        createdBy: null,
        endTime: null,
        titleRestrictions: '[]',
        extraPrize: 0,
        prizePaidAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(id).toBe(1001)
  })
})
