import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

/** A player's account. Booleans are 0/1 integers so SQLite and PostgreSQL read the same. */
export interface UsersTable {
  id: Generated<number>
  username: string
  /** lower-case username: the unique key, so 'Alice' and 'alice' cannot both exist */
  usernameKey: string
  email: string
  /** lower-case e-mail: the unique key */
  emailKey: string
  emailConfirmedAt: number | null
  emailOptOut: number
  firstName: string | null
  lastName: string | null
  /** `scrypt$logN$r$p$salt$hash`; null for accounts that only use social sign-in */
  passwordHash: string | null
  /** bumped on every password change: reset links sign it, so each link works once */
  passwordVersion: number
  /** JSON of the settings that differ from the defaults */
  settings: string
  createdAt: number
  /**
   * the group the player switched to last (or was invited into on sign-up): a new session plays there
   * while they are an active member of it (sessions.repo's createSession)
   */
  lastActiveGroupId: number | null
  /**
   * 00:00 (the game's zone) of the next day whose closeout the player gets by e-mail; null: they did not
   * ask for it (server/game/daily-closeout.ts)
   */
  closeoutNextDay: Generated<number | null>
  /** when an operator suspended the account (server/auth/suspension.ts); null: in good standing */
  suspendedAt: Generated<number | null>
}

export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>

/** One row (id 1) whose version moves with a rename or a deleted account (migration 0027). */
export interface NamesVersionTable {
  id: number
  version: number
}
