import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import type { AppContext } from '../context'

const startedAt = Date.now()

/** For load balancers and operators: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/v1/health', async (request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db)
      return { status: 'ok', database: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) }
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable')
      return reply.status(503).send({ status: 'degraded', database: 'unreachable' })
    }
  })
}
