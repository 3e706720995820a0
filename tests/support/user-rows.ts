import type { Insertable } from 'kysely'
import type { PollsTable } from '../../server/db/tables/polls.table'
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

const hour = 3_600_000

/** A poll's row open for bets at `now` (opened an hour before, betting ends an hour after): for suites without a server. */
export function openPollRow(now: number, titleId = 7): Insertable<PollsTable> {
  return {
    titleId,
    priceBase: 100,
    startTime: now - hour,
    endTime: now + hour,
    evalTime: now + 5 * hour,
    createdAt: now - hour,
    evalPrice: null,
    outcome: null,
    settledAt: null,
  }
}
