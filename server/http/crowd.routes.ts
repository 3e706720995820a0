import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { crowdParamsSchema, crowdQuerySchema, crowdSplitSchema } from '../../src/api/crowd'
import type { AppContext } from '../context'
import { crowdSplitOf } from '../game/crowd-split.read'
import { notFound } from './app-error'
import { errorResponses } from './response-schemas'

/**
 * `GET /v1/stockgame/titles/{titleId}/crowd?from=&to=` (epoch ms, at most 366 days): the crowd's Up and
 * Down predictions on a title per hour, for the chart's histogram. Public like the chart it goes under:
 * counts only, nobody's calls.
 */
export const crowdRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const crowd = {
    params: crowdParamsSchema,
    querystring: crowdQuerySchema,
    response: { 200: crowdSplitSchema, ...errorResponses(400, 404) },
  }
  app.get('/v1/stockgame/titles/:titleId/crowd', { schema: crowd }, async (request) => {
    const { titleId } = request.params
    if (!ctx.market.titles().some((title) => title.id === titleId)) throw notFound('Title')
    return crowdSplitOf(ctx.db, titleId, request.query)
  })
}
