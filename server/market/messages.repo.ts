import { type ServerMessage, serverMessageSchema } from '../../src/api/market'
import { BoundedMap } from '../../src/domain/bounded-map'
import type { Db, Executor } from '../db/database'
import { preparedQuery } from '../db/prepared-query'

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

/** Parsed messages kept per store: far more than the 200 newest the untagged list reads. */
export const parsedMessagesKept = 1024

/** A message shared by every caller, so nobody may change it. */
export function frozenMessage(message: ServerMessage): ServerMessage {
  Object.freeze(message.twitter_user)
  for (const title of message.titles) Object.freeze(title)
  Object.freeze(message.titles)
  return Object.freeze(message)
}

const parse = (payload: string) => frozenMessage(serverMessageSchema.parse(JSON.parse(payload)))

/** The ids of the newest messages created after `sinceMs`, newest first (the id breaks ties). */
export const newestMessageIds = (db: Executor, sinceMs: number, limit: number) =>
  db
    .selectFrom('marketMessages')
    .select(['messageId', 'createdAt'])
    .where('createdAt', '>', sinceMs)
    .orderBy('createdAt', 'desc')
    .orderBy('messageId', 'desc')
    .limit(limit)

/** Every untagged list reads it: compiled once (see preparedQuery), ids only (the payloads are kept parsed). */
const recentMessageIds = preparedQuery<{ sinceMs: number; limit: number }, NewestId>((db, value) =>
  newestMessageIds(db, value('sinceMs'), value('limit')),
)

interface NewestId {
  messageId: string
  createdAt: number
}

/**
 * How long one read of the newest ids answers the reads after it (each untagged list asks, a hundred
 * times a second in a busy game): what this store saves or prunes shows at the next read, what another
 * process stores within this long. (Another process of a cluster stores the very messages this one's
 * feed builds from the same seed, so the simulated stream shows them at once anyway.)
 */
export const newestIdsFreshMs = 1000

interface NewestPage {
  sinceMs: number
  limit: number
  readAt: number
  /** newest first: every message after `sinceMs`, or the newest `limit` of them */
  ids: NewestId[]
}

/** The newest `limit` after `sinceMs` from a page that holds them: its newest rows up to `sinceMs`. */
function pageWithin(page: NewestPage, sinceMs: number, limit: number): NewestId[] | undefined {
  if (sinceMs < page.sinceMs || limit > page.limit) return undefined
  const ids: NewestId[] = []
  for (const id of page.ids) {
    if (id.createdAt <= sinceMs || ids.length === limit) break
    ids.push(id)
  }
  return ids
}

/**
 * The database store: several server processes on one PostgreSQL share it, and since every process
 * generates the same messages from the same seed, the primary key keeps one copy of each.
 */
export function databaseMessageStore(
  db: Db,
  /** milliseconds of a clock that only goes forward (the tests move their own) */
  now: () => number = () => performance.now(),
): MessageStore {
  // A stored message never changes (its id is its content's): each is parsed and checked once, and the
  // newest, which every player's untagged list reads, are shared frozen instead of parsed per call.
  const parsed = new BoundedMap<string, ServerMessage>(parsedMessagesKept)
  let newest: NewestPage | undefined
  /** moves before and after each save and prune: a read that overlapped one keeps no page */
  let writes = 0
  const changing = async <T>(write: () => Promise<T>): Promise<T> => {
    writes += 1
    newest = undefined
    try {
      return await write()
    } finally {
      writes += 1
      newest = undefined
    }
  }
  async function newestIds(sinceMs: number, limit: number): Promise<NewestId[]> {
    const readAt = now()
    const kept = newest && readAt - newest.readAt < newestIdsFreshMs && pageWithin(newest, sinceMs, limit)
    if (kept) return kept
    const before = writes
    const { rows } = await recentMessageIds(db, { sinceMs, limit })
    if (before === writes) newest = { sinceMs, limit, readAt, ids: rows }
    return rows
  }
  return {
    save: (messages) => changing(() => saveMessages(db, messages)),
    async recent(sinceMs, limit) {
      const rows = await newestIds(sinceMs, limit)
      // taken now: keeping the ones fetched below may evict some of these
      const read = new Map<string, ServerMessage>()
      const missing: string[] = []
      for (const { messageId } of rows) {
        const known = parsed.get(messageId)
        if (known) read.set(messageId, known)
        else missing.push(messageId)
      }
      if (missing.length > 0) {
        const found = await db
          .selectFrom('marketMessages')
          .select(['messageId', 'payload'])
          .where('messageId', 'in', missing)
          .execute()
        for (const row of found) read.set(row.messageId, parsed.set(row.messageId, parse(row.payload)))
      }
      // a message pruned between the two reads is left out
      return rows.flatMap(({ messageId }) => read.get(messageId) ?? [])
    },
    // not from the kept ones: a pruned message is found no more (the tag route keeps its own)
    async find(id) {
      const row = await db
        .selectFrom('marketMessages')
        .select('payload')
        .where('messageId', '=', id)
        .executeTakeFirst()
      return row && parse(row.payload)
    },
    prune: (beforeMs) =>
      changing(async () => {
        await db.deleteFrom('marketMessages').where('createdAt', '<', beforeMs).execute()
      }),
  }
}

/** Stores the messages not stored yet, with their authors; returns those this call stored. */
async function saveMessages(db: Db, messages: readonly ServerMessage[]): Promise<ServerMessage[]> {
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
}
