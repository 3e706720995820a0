import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  authorDetailSchema,
  authorParamsSchema,
  authorsPageSchema,
  authorsQuerySchema,
} from '../../src/api/authors'
import type { AppContext } from '../context'
import { inReadTransaction } from '../db/read-transaction'
import { authorDetail, authorsPage } from '../game/authors.read'
import { notFound } from './app-error'
import { errorResponses } from './response-schemas'
import { requireUser } from './session'

/**
 * Author signal scores, for signed-in players:
 * - `GET /v1/stockgame/authors?sort=score|judged&limit=&offset=`  the leaderboard, paged
 * - `GET /v1/stockgame/authors/{username}`  one author's score, interval, judged count and recent
 *   messages with their crowd split and outcome (`@` before the handle is optional)
 */
export const authorsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.addHook('preValidation', async (request) => {
    await requireUser(request, ctx)
  })

  const list = {
    querystring: authorsQuerySchema,
    response: { 200: authorsPageSchema, ...errorResponses(400, 401) },
  }
  app.get('/v1/stockgame/authors', { schema: list }, async (request) => authorsPage(ctx.db, request.query))

  const one = {
    params: authorParamsSchema,
    response: { 200: authorDetailSchema, ...errorResponses(400, 401, 404) },
  }
  app.get('/v1/stockgame/authors/:username', { schema: one }, async (request) => {
    const author = request.params.username.replace(/^@/, '')
    const detail = await inReadTransaction(ctx.db, (executor) => authorDetail(executor, author))
    if (!detail) throw notFound('Author')
    return detail
  })
}
