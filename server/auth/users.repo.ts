import { sql } from 'kysely'
import type { Executor } from '../db/database'
import { preparedQuery } from '../db/prepared-query'
import type { NewUserRow, UserRow } from '../db/tables/users.table'

/** Ids are `integer` columns: on PostgreSQL a larger number in the query is an error, not a miss. */
const maxId = 2_147_483_647

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  if (!Number.isInteger(id) || id < 1 || id > maxId) return undefined
  return (await userById(db, { id })).rows[0]
}

/** Every request reads it: compiled once (see preparedQuery). */
const userById = preparedQuery<{ id: number }, UserRow>((db, value) =>
  db.selectFrom('users').selectAll().where('id', '=', value('id')),
)

export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('usernameKey', '=', username.toLowerCase())
    .executeTakeFirst()
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('emailKey', '=', email.toLowerCase()).executeTakeFirst()
}

/** Sign-in accepts either; an '@' cannot appear in a username, so the two never collide. */
export function findUserByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  return login.includes('@') ? findUserByEmail(db, login) : findUserByUsername(db, login)
}

export async function insertUser(db: Executor, user: NewUserRow): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/**
 * Usernames containing the text anywhere, case-insensitively ("maven" finds "marketmaven"); names that
 * start with it come first, then the rest, each alphabetically. LIKE wildcards in the text match
 * literally.
 */
export function searchUsersByName(db: Executor, text: string, limit: number): Promise<UserRow[]> {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)
  const startsWithText = sql<boolean>`username_key like ${`${escaped}%`} escape '\\'`
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<boolean>`username_key like ${`%${escaped}%`} escape '\\'`)
    .orderBy(sql`case when ${startsWithText} then 0 else 1 end`)
    .orderBy('usernameKey')
    .limit(limit)
    .execute()
}
