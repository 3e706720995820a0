import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '../../src/api/push'
import type { AppContext } from '../context'
import { isAllowedPushEndpoint } from '../push/push-endpoints'
import { deletePushSubscription, savePushSubscription } from '../push/push-subscriptions.repo'
import { vapidKeysFrom } from '../push/vapid'
import { AppError } from './app-error'
import { errorResponses, noContentSchema } from './response-schemas'
import { requireUser } from './session'

export const pushKeyPath = '/v1/push/key'
export const pushSubscriptionPath = '/v1/push/subscription'

/**
 * Web push for Settings' "as push notification": the server's public key to subscribe with, and the
 * browser's subscription, saved for the signed-in session (signing out ends it) or removed. Only push
 * services of PUSH_ENDPOINT_ORIGINS are accepted: the server posts to the address a player gives.
 */
export const pushRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { publicKey } = vapidKeysFrom(ctx.config.secret)

  app.get(pushKeyPath, { schema: { response: { 200: pushKeySchema } } }, async () => ({ publicKey }))

  app.put(
    pushSubscriptionPath,
    {
      schema: {
        body: pushSubscriptionSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { user, session } = await requireUser(request, ctx)
      if (!isAllowedPushEndpoint(request.body.endpoint, ctx.config.pushEndpointOrigins))
        throw new AppError(400, 'validation_failed', 'This push service is not supported.', {
          endpoint: 'Not a push service this game sends to.',
        })
      await savePushSubscription(
        ctx.db,
        { sessionIdHash: session.idHash, userId: user.id },
        request.body,
        ctx.clock.now(),
      )
      return reply.status(204).send()
    },
  )

  app.delete(
    pushSubscriptionPath,
    {
      schema: {
        body: pushUnsubscribeSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request, ctx)
      await deletePushSubscription(ctx.db, user.id, request.body.endpoint)
      return reply.status(204).send()
    },
  )
}
