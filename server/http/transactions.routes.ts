import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sql } from 'kysely'
import {
  type Transaction,
  transactionsQuerySchema,
  transactionsSchema,
  walletParamsSchema,
} from '../../src/api/transactions'
import { fromHundredths } from '../../src/domain/currency'
import type { AppContext } from '../context'
import type { Executor } from '../db/database'
import { aboutTransactions } from '../game/transaction-about'
import { forbidden } from './app-error'
import { errorResponses } from './response-schemas'
import { requireUser } from './session'

/**
 * One page of a wallet's ledger, newest first (creation time, then id); `before` is the transactionId of
 * the last row of the previous page. Ordered as the (wallet, created_at) index is, so a page reads only
 * its own rows.
 */
export async function walletTransactions(
  db: Executor,
  address: string,
  page: { limit: number; before?: number },
): Promise<Transaction[]> {
  let query = db
    .selectFrom('ledger')
    .select(['id', 'walletAddress', 'type', 'amount', 'reference', 'createdAt'])
    .where('walletAddress', '=', address)
  if (page.before !== undefined) {
    const cursor = await db
      .selectFrom('ledger')
      .select('createdAt')
      .where('id', '=', page.before)
      .where('walletAddress', '=', address)
      .executeTakeFirst()
    if (!cursor) return []
    query = query.where(sql<boolean>`(created_at, id) < (${cursor.createdAt}, ${page.before})`)
  }
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(page.limit).execute()
  const about = await aboutTransactions(
    db,
    address,
    rows.map((row) => row.reference),
  )
  return rows.map((row, i) => ({
    transactionId: row.id,
    receiver: row.walletAddress,
    type: row.type,
    amount: fromHundredths(row.amount),
    reference: row.reference,
    createdAt: row.createdAt,
    ...(about[i] ? { about: about[i] } : {}),
  }))
}

/** The caller's ledger. */
export const transactionsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/v1/stockgame/transactions/:walletAddress',
    {
      schema: {
        params: walletParamsSchema,
        querystring: transactionsQuerySchema,
        response: { 200: transactionsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request, ctx)
      const wallet = await ctx.db
        .selectFrom('wallets')
        .select('userId')
        .where('address', '=', request.params.walletAddress)
        .executeTakeFirst()
      // Someone else's wallet, the Bank's and an unknown address look alike: no probing for addresses.
      if (!wallet || wallet.userId !== user.id) throw forbidden()
      return walletTransactions(ctx.db, request.params.walletAddress, request.query)
    },
  )
}
