import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../server/db/migrate'
import { dialects } from '../support/databases'
import { databaseBefore } from '../support/migrations'

describe.each(dialects)('the group inviters migration on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('leaves existing memberships without an inviter; a deleted inviter leaves the invitation without one', async () => {
    const db = await databaseBefore(dialect, '0014-group-inviters', cleanups)
    for (const name of ['ann', 'bob'])
      await sql`insert into users (username, username_key, email, email_key, created_at)
        values (${name}, ${name}, ${`${name}@example.test`}, ${`${name}@example.test`}, 1)`.execute(db)
    const ids = await db.selectFrom('users').select(['id', 'username']).orderBy('id').execute()
    const [ann, bob] = ids.map((row) => row.id) as [number, number]
    await sql`insert into user_groups (name, type, public_group, created_at, title_restrictions, extra_prize)
      values ('Owls', 'userGroup', 0, 1, '[]', 0)`.execute(db)
    const { id: groupId } = await db
      .selectFrom('userGroups')
      .select('id')
      .where('name', '=', 'Owls')
      .executeTakeFirstOrThrow()
    await sql`insert into group_members (group_id, user_id, is_admin, status, joined_at)
      values (${groupId}, ${ann}, 1, 'active', 1)`.execute(db)
    await migrateToLatest(db)
    expect(await db.selectFrom('groupMembers').select(['userId', 'invitedBy']).execute()).toEqual([
      { userId: ann, invitedBy: null },
    ])

    await db
      .insertInto('groupMembers')
      .values({ groupId, userId: bob, isAdmin: 0, status: 'invited', joinedAt: 2, invitedBy: ann })
      .execute()
    await db.deleteFrom('users').where('id', '=', ann).execute()
    expect(await db.selectFrom('groupMembers').select(['userId', 'invitedBy']).execute()).toEqual([
      { userId: bob, invitedBy: null },
    ])
  })
})
