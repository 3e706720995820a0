import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { transactionsQuerySchema, transactionsSchema, walletParamsSchema } from '../../src/api/transactions'
import type { AppContext } from '../context'
import { walletTransactions } from '../game/wallet-transactions'
import { forbidden } from './app-error'
import { errorResponses } from './response-schemas'
import { requireUser } from './session'

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
