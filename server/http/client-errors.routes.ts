import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { clientErrorBodySchema, clientErrorLimits } from '../../src/api/client-errors'
import type { AppContext } from '../context'
import { errorResponses, noContentSchema } from './response-schemas'
import { authenticate } from './session'

/**
 * `POST /v1/client-errors`: the SPA's error reports when no Sentry DSN is configured. Logged at warn
 * for the operator, nothing stored. Guests may report too; each address is limited, and so is the size,
 * so the route cannot fill the logs.
 */
export const clientErrorsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const rateLimit = ctx.config.rateLimits
    ? {
        max: clientErrorLimits.perMinute,
        timeWindow: '1 minute',
        keyGenerator: (request: { ip: string }) => `client-errors:ip:${request.ip}`,
      }
    : false

  app.post(
    '/v1/client-errors',
    {
      bodyLimit: clientErrorLimits.bodyBytes,
      schema: {
        body: clientErrorBodySchema,
        response: { 204: noContentSchema, ...errorResponses(400, 403, 413, 429) },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const auth = await authenticate(request, ctx)
      request.log.warn(
        {
          clientError: request.body,
          userId: auth?.user.id ?? null,
          userAgent: request.headers['user-agent']?.slice(0, 300),
        },
        'client error reported',
      )
      return reply.status(204).send()
    },
  )
}
