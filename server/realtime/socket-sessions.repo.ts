import type { Executor } from '../db/database'

/**
 * Stores the client's fingerprint on the session a socket authorized with. False when the session is
 * gone (ended between the look-up and now), so a socket never binds to a deleted session.
 */
export async function storeSessionFingerprint(
  db: Executor,
  websocketHash: string,
  fingerprint: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ fingerprint })
    .where('websocketHash', '=', websocketHash)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** The websocket credential hashes of the user's sessions that still exist. */
export async function liveWebsocketHashes(db: Executor, userId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('sessions').select('websocketHash').where('userId', '=', userId).execute()
  return new Set(rows.map((row) => row.websocketHash))
}
