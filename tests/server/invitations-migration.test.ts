import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../server/db/migrate'
import { dialects } from '../support/databases'
import { databaseBefore } from '../support/migrations'

describe.each(dialects)('the player invitations migration on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('keeps existing codes open and without a group; a deleted group leaves its codes without one', async () => {
    const db = await databaseBefore(dialect, '0012-player-invitations', cleanups)
    await sql`insert into invitation_codes (code, owner_id, created_at, expires_at)
      values ('OLDCODE', null, 1, 2)`.execute(db)
    await migrateToLatest(db)
    expect(await db.selectFrom('invitationCodes').selectAll().execute()).toEqual([
      {
        code: 'OLDCODE',
        ownerId: null,
        createdAt: 1,
        expiresAt: 2,
        usedBy: null,
        usedAt: null,
        groupId: null,
        withdrawnAt: null,
      },
    ])

    const { id } = await db
      .insertInto('userGroups')
      .values({
        name: 'Short-lived',
        type: 'userGroup',
        publicGroup: 0,
        avatarFile: null,
        createdAt: 1,
        createdBy: null,
        endTime: null,
        titleRestrictions: '[]',
        extraPrize: 0,
        prizePaidAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db.updateTable('invitationCodes').set({ groupId: id }).execute()
    await db.deleteFrom('userGroups').where('id', '=', id).execute()
    expect(await db.selectFrom('invitationCodes').select(['code', 'groupId']).execute()).toEqual([
      { code: 'OLDCODE', groupId: null },
    ])
  })
})
