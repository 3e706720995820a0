import type { FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import type { Tx } from '../db/database'
import { inTransaction } from '../db/transaction'
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

async function storedAnswer(ctx: AppContext, userId: number, key: string, route: string) {
  const row = await ctx.db
    .selectFrom('idempotencyKeys')
    .selectAll()
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst()
  if (!row) return undefined
  if (row.route !== route) {
    throw new AppError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for another request.',
    )
  }
  return { statusCode: row.statusCode, body: JSON.parse(row.body) as unknown }
}

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
): Promise<WriteResult<T | unknown>> {
  const key = keyOf(request)
  const route = `${request.method} ${request.routeOptions.url}`
  if (key === undefined) return inTransaction(ctx.db, write)
  const earlier = await storedAnswer(ctx, userId, key, route)
  if (earlier) return earlier
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const result = await write(tx)
      await tx
        .insertInto('idempotencyKeys')
        .values({
          userId,
          key,
          route,
          statusCode: result.statusCode,
          body: JSON.stringify(result.body),
          createdAt: ctx.clock.now(),
        })
        .execute()
      return result
    })
  } catch (error) {
    // A twin request with the same key may have committed while this one ran: answer as it did.
    const twin = await storedAnswer(ctx, userId, key, route)
    if (twin) return twin
    throw error
  }
}

/** Drops keys older than a day; run by the job runner. */
export async function pruneIdempotencyKeys(ctx: AppContext, now: number): Promise<void> {
  await ctx.db
    .deleteFrom('idempotencyKeys')
    .where('createdAt', '<', now - idempotencyKeyLifetimeMs)
    .execute()
}
