import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { bankReportSchema } from '../../src/api/bank'
import type { AppContext } from '../context'
import { inReadTransaction } from '../db/read-transaction'
import { bankReport } from '../game/bank-report'
import { errorResponses } from './response-schemas'
import { requireUser } from './session'

/** `GET /v1/stockgame/bank`: the Bank as the players' opponent, for signed-in players. */
export const bankRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const schema = { response: { 200: bankReportSchema, ...errorResponses(401) } }
  app.get('/v1/stockgame/bank', { schema }, async (request) => {
    await requireUser(request, ctx)
    const now = ctx.clock.now()
    return inReadTransaction(ctx.db, (db) => bankReport(db, now, ctx.config.timeZone))
  })
}
