import type { Selectable } from 'kysely'

/** A signed-in browser. Only hashes of its tokens are stored: a leaked table signs nobody in. */
export interface SessionsTable {
  /** sha256 of the session cookie token */
  idHash: string
  userId: number
  /** sha256 of the websocket credentials derived from the token */
  websocketHash: string
  fingerprint: string | null
  activeGroupId: number
  createdAt: number
  lastSeenAt: number
}

export type SessionRow = Selectable<SessionsTable>
