import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import { healthySchema, unhealthySchema } from '../../src/api/health'
import type { AppContext } from '../context'

const startedAt = Date.now()

/** For load balancers and operators: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const health = { response: { 200: healthySchema, 503: unhealthySchema } }
  app.get('/v1/health', { schema: health }, async (request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db)
      return { status: 'ok', database: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) }
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable')
      return reply.status(503).send({ status: 'degraded', database: 'unreachable' })
    }
  })
}
