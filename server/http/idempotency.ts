import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Insertable } from 'kysely'
import type { AppContext } from '../context'
import type { Tx } from '../db/database'
import { preparedQuery } from '../db/prepared-query'
import type { IdempotencyKeysTable } from '../db/tables/idempotency-keys.table'
import { inTransaction } from '../db/transaction'
import { inWriteTransaction } from '../db/write-batch'
import { deleteInChunks } from '../jobs/chunked-delete'
import type { GameAction } from '../metrics/metrics'
import { AppError } from './app-error'

export interface WriteResult<T> {
  statusCode: number
  body: T
}

/** Keys are kept a day: long past any client retry. */
export const idempotencyKeyLifetimeMs = 24 * 3600_000

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key']
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,128}$/.test(value)) {
    throw new AppError(
      400,
      'invalid_idempotency_key',
      'The Idempotency-Key header must be 1 to 128 visible ASCII characters.',
    )
  }
  return value
}

/**
 * What binds a key to one request: a retry sends the same method, path and body. The body is hashed as
 * validated (the schema's output), so it is the request the route carries out; the query is not part of
 * it (no keyed write reads one).
 */
interface RequestIdentity {
  method: string
  path: string
  bodyHash: string
}

function identityOf(request: FastifyRequest): RequestIdentity {
  return {
    method: request.method,
    path: request.url.split('?', 1)[0] ?? request.url,
    bodyHash: createHash('sha256')
      .update(JSON.stringify(request.body ?? null))
      .digest('base64url'),
  }
}

const keyReused = () =>
  new AppError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was already used for another request. Send a new key with every new request.',
  )

async function storedAnswer(ctx: AppContext, userId: number, key: string, identity: RequestIdentity) {
  const row = await ctx.db
    .selectFrom('idempotencyKeys')
    .selectAll()
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst()
  if (!row) return undefined
  if (row.method !== identity.method || row.path !== identity.path || row.bodyHash !== identity.bodyHash)
    throw keyReused()
  return { statusCode: row.statusCode, body: JSON.parse(row.body) as unknown }
}

export interface IdempotentWriteOptions {
  /**
   * For writes that a unique key makes fail when repeated (a tag, a bet): the stored answer is looked
   * up only when the write fails, not before it. A retry's write fails (or, with the key reused for
   * another request, the key's insert does) and rolls back, and the stored answer is sent, as when it
   * is looked up first; a first request saves the lookup. The write is group-committed on SQLite
   * (inWriteTransaction): it must touch nothing but the database.
   */
  repeatFails?: boolean
  /** the player's action it is, counted in `game_actions_total` once committed (not when replayed) */
  counts?: GameAction
}

/** Stored with every keyed tag and bet (the SPA keys them): compiled once (see preparedQuery). */
const insertKey = preparedQuery<Insertable<IdempotencyKeysTable>, never>((db, value) =>
  db.insertInto('idempotencyKeys').values({
    userId: value('userId'),
    key: value('key'),
    method: value('method'),
    path: value('path'),
    bodyHash: value('bodyHash'),
    statusCode: value('statusCode'),
    body: value('body'),
    createdAt: value('createdAt'),
  }),
)

/**
 * Runs a write in a transaction; with an Idempotency-Key header its first successful answer is stored in
 * the same transaction and replayed to every retry, so a client retry after a lost response gets the
 * same answer instead of "already placed".
 */
export async function idempotentWrite<T>(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
  write: (tx: Tx) => Promise<WriteResult<T>>,
  options: IdempotentWriteOptions = {},
): Promise<WriteResult<T | unknown>> {
  const key = keyOf(request)
  const transaction = options.repeatFails ? inWriteTransaction : inTransaction
  const committed = <R>(result: R): R => {
    if (options.counts) ctx.metrics.gameActions.inc({ action: options.counts })
    return result
  }
  if (key === undefined) return committed(await transaction(ctx.db, write))
  const identity = identityOf(request)
  if (!options.repeatFails) {
    const earlier = await storedAnswer(ctx, userId, key, identity)
    if (earlier) return earlier
  }
  try {
    const written = await transaction(ctx.db, async (tx) => {
      const result = await write(tx)
      await insertKey(tx, {
        userId,
        key,
        ...identity,
        statusCode: result.statusCode,
        body: JSON.stringify(result.body),
        createdAt: ctx.clock.now(),
      })
      return result
    })
    return committed(written)
  } catch (error) {
    // A twin request with the same key may have committed while this one ran, or before it (a retry):
    // answer as it did. The key used before for another request makes this write fail too (the key's
    // insert), so it rolled back: refused with 422, nothing changed.
    const twin = await storedAnswer(ctx, userId, key, identity)
    if (twin) return twin
    throw error
  }
}

/** Keys dropped per statement: a busy day's keys in one DELETE held SQLite's loop and write lock 50 ms. */
export const pruneChunk = 500

/**
 * Drops keys older than a day, oldest first, `chunk` per statement (by the created-at index) with
 * requests served between two; run by the job runner. Returns the keys dropped.
 */
export async function pruneIdempotencyKeys(
  ctx: Pick<AppContext, 'db'>,
  now: number,
  chunk = pruneChunk,
): Promise<number> {
  return deleteInChunks(chunk, (limit) =>
    ctx.db
      .deleteFrom('idempotencyKeys')
      .where((eb) =>
        eb(
          eb.refTuple('userId', 'key'),
          'in',
          eb
            .selectFrom('idempotencyKeys')
            .select(['userId', 'key'])
            .where('createdAt', '<', now - idempotencyKeyLifetimeMs)
            .orderBy('createdAt')
            .limit(limit)
            .$asTuple('userId', 'key'),
        ),
      )
      .executeTakeFirst(),
  )
}
