import { type ServerMessage, serverMessageSchema } from '../../src/api/market'
import type { Db } from '../db/database'

/** Where generated messages are kept; the simulation writes, the routes read. */
export interface MessageStore {
  /**
   * Stores messages; ones already stored (same id, e.g. by another process or an earlier run) are left
   * as they are. Returns the messages this call stored, in the order given.
   */
  save(messages: readonly ServerMessage[]): Promise<ServerMessage[]>
  /** Messages created after `sinceMs`, newest first. */
  recent(sinceMs: number, limit: number): Promise<ServerMessage[]>
  find(id: string): Promise<ServerMessage | undefined>
  /** Drops messages created before `beforeMs`. */
  prune(beforeMs: number): Promise<void>
}

/**
 * The database store: several server processes on one PostgreSQL share it, and since every process
 * generates the same messages from the same seed, the primary key keeps one copy of each.
 */
export function databaseMessageStore(db: Db): MessageStore {
  return {
    async save(messages) {
      if (messages.length === 0) return []
      // Authors first: a message is never kept without its author; a repeat is harmless (the key).
      await db
        .insertInto('messageAuthors')
        .values(
          messages.map((message) => ({
            messageId: message.message_id,
            author: message.twitter_user.screen_name,
            createdAt: message.t * 1000,
          })),
        )
        .onConflict((conflict) => conflict.column('messageId').doNothing())
        .execute()
      // every author of the stream has a score, the prior's until a message of theirs is judged
      const authors = [...new Set(messages.map((message) => message.twitter_user.screen_name))]
      await db
        .insertInto('authorScores')
        .values(authors.map((author) => ({ author, judged: 0, provedRight: 0 })))
        .onConflict((conflict) => conflict.column('author').doNothing())
        .execute()
      const stored = await db
        .insertInto('marketMessages')
        .values(
          messages.map((message) => ({
            messageId: message.message_id,
            createdAt: message.t * 1000,
            payload: JSON.stringify(message),
          })),
        )
        .onConflict((conflict) => conflict.column('messageId').doNothing())
        .returning('messageId')
        .execute()
      const ids = new Set(stored.map((row) => row.messageId))
      return messages.filter((message) => ids.has(message.message_id))
    },
    async recent(sinceMs, limit) {
      const rows = await db
        .selectFrom('marketMessages')
        .select('payload')
        .where('createdAt', '>', sinceMs)
        .orderBy('createdAt', 'desc')
        .orderBy('messageId', 'desc')
        .limit(limit)
        .execute()
      return rows.map((row) => serverMessageSchema.parse(JSON.parse(row.payload)))
    },
    async find(id) {
      const row = await db
        .selectFrom('marketMessages')
        .select('payload')
        .where('messageId', '=', id)
        .executeTakeFirst()
      return row && serverMessageSchema.parse(JSON.parse(row.payload))
    },
    async prune(beforeMs) {
      await db.deleteFrom('marketMessages').where('createdAt', '<', beforeMs).execute()
    },
  }
}
