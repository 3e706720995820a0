import { defaultGroupId } from '../../src/api/groups'
import { postgresDataVersion, snapshotColumn } from '../db/data-version'
import type { Executor } from '../db/database'
import { isPostgres } from '../db/dialect'
import { preparedQuery } from '../db/prepared-query'
import type { SessionRow } from '../db/tables/sessions.table'
import type { UserRow } from '../db/tables/users.table'
import { isSuspended } from './suspension'
import { newToken, sha256 } from './tokens'

/** A session is dropped after 30 days without a request. */
export const sessionIdleTimeoutMs = 30 * 24 * 3600_000
/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const touchIntervalMs = 3600_000

/** The socket token is derived from the cookie token: only its hash is stored, and it dies with the session. */
export function websocketCredentialsFor(sessionToken: string): string {
  return sha256(`alpha-websocket\n${sessionToken}`).slice(0, 22)
}

export interface NewSession {
  token: string
  websocketCredentials: string
  row: SessionRow
}

/**
 * The group a new session of the player plays in: the one they switched to last (or were invited into
 * on sign-up) while they are an active member of it, else the default group.
 */
async function rememberedGroupOf(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('groupMembers as m', (join) =>
      join.onRef('m.groupId', '=', 'u.lastActiveGroupId').onRef('m.userId', '=', 'u.id'),
    )
    .select('m.groupId')
    .where('u.id', '=', userId)
    .where('m.status', '=', 'active')
    .executeTakeFirst()
  return row?.groupId ?? defaultGroupId
}

export async function createSession(db: Executor, userId: number, now: number): Promise<NewSession> {
  const activeGroupId = await rememberedGroupOf(db, userId)
  const token = newToken()
  const websocketCredentials = websocketCredentialsFor(token)
  const row: SessionRow = {
    idHash: sha256(token),
    userId,
    websocketHash: sha256(websocketCredentials),
    fingerprint: null,
    activeGroupId,
    createdAt: now,
    lastSeenAt: now,
  }
  await db.insertInto('sessions').values(row).execute()
  return { token, websocketCredentials, row }
}

/** A session's columns beside its account's in one row: prefixed, since both have a `createdAt`. */
interface SignedInRow extends UserRow {
  sessionIdHash: string
  sessionWebsocketHash: string
  sessionFingerprint: string | null
  sessionActiveGroupId: number
  sessionCreatedAt: number
  sessionLastSeenAt: number
  /** PostgreSQL: the statement's snapshot (see dataVersion) */
  sessionSnapshot?: string
}

/**
 * Every request reads it: a token's session and its account in one statement (one round trip, not
 * two), compiled once (see preparedQuery). On PostgreSQL the statement carries the data version too,
 * which the state route would otherwise ask for in a round trip of its own.
 */
const signedInByIdHash = preparedQuery<{ idHash: string }, SignedInRow>((db, value) => {
  const query = db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.userId')
    .selectAll('u')
    .select([
      's.idHash as sessionIdHash',
      's.websocketHash as sessionWebsocketHash',
      's.fingerprint as sessionFingerprint',
      's.activeGroupId as sessionActiveGroupId',
      's.createdAt as sessionCreatedAt',
      's.lastSeenAt as sessionLastSeenAt',
    ])
    .where('s.idHash', '=', value('idHash'))
  return isPostgres(db) ? query.select(snapshotColumn.as('sessionSnapshot')) : query
})

export interface SignedIn {
  session: SessionRow
  user: UserRow
  /**
   * PostgreSQL: `dataVersion` as of this lookup, read before anything the request reads after it (the
   * lookup's own statement took it); undefined on SQLite, where reading it costs no round trip.
   */
  dataVersion?: string
}

/** The live session of a cookie token and its account, or undefined when unknown or idle too long. */
export async function findSignedIn(db: Executor, token: string, now: number): Promise<SignedIn | undefined> {
  const idHash = sha256(token)
  const [row] = (await signedInByIdHash(db, { idHash })).rows
  if (!row) return undefined
  const {
    sessionIdHash,
    sessionWebsocketHash,
    sessionFingerprint,
    sessionActiveGroupId,
    sessionCreatedAt,
    sessionLastSeenAt,
    sessionSnapshot,
    ...user
  } = row
  const session: SessionRow = {
    idHash: sessionIdHash,
    userId: user.id,
    websocketHash: sessionWebsocketHash,
    fingerprint: sessionFingerprint,
    activeGroupId: sessionActiveGroupId,
    createdAt: sessionCreatedAt,
    lastSeenAt: sessionLastSeenAt,
  }
  // a sign-in that raced an operator's suspension may have left a session: it ends here too
  if (now - session.lastSeenAt > sessionIdleTimeoutMs || isSuspended(user)) {
    await db.deleteFrom('sessions').where('idHash', '=', idHash).execute()
    return undefined
  }
  if (now - session.lastSeenAt > touchIntervalMs) {
    await db.updateTable('sessions').set({ lastSeenAt: now }).where('idHash', '=', idHash).execute()
  }
  return {
    session,
    user,
    ...(sessionSnapshot === undefined ? {} : { dataVersion: postgresDataVersion(sessionSnapshot) }),
  }
}

export async function findSessionByWebsocketCredentials(
  db: Executor,
  credentials: string,
  now: number,
): Promise<SessionRow | undefined> {
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('websocketHash', '=', sha256(credentials))
    .executeTakeFirst()
  return session && now - session.lastSeenAt <= sessionIdleTimeoutMs ? session : undefined
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('idHash', '=', sha256(token)).execute()
}

/** Ends every session of an account but the one `except` names (its id hash); answers how many ended. */
export async function deleteUserSessions(
  db: Executor,
  userId: number,
  options: { readonly except?: string } = {},
): Promise<number> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId)
  if (options.except !== undefined) query = query.where('idHash', '!=', options.except)
  const deleted = await query.executeTakeFirst()
  return Number(deleted.numDeletedRows)
}
