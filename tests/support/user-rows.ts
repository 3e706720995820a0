import type { Insertable } from 'kysely'
import type { UsersTable } from '../../server/db/tables/users.table'

/** A player's `users` row written straight to the database (no sign-up, password or mail): for suites without a server. */
export function userRow(id: number, name: string, createdAt: number): Insertable<UsersTable> {
  return {
    id,
    username: name,
    usernameKey: name,
    email: `${name}@example.com`,
    emailKey: `${name}@example.com`,
    emailConfirmedAt: null,
    emailOptOut: 0,
    firstName: null,
    lastName: null,
    passwordHash: null,
    passwordVersion: 0,
    settings: '{}',
    createdAt,
  }
}
