import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  createdInvitationSchema,
  createInvitationBodySchema,
  invitationListSchema,
  invitationParamsSchema,
  type PlayerInvitation,
} from '../../src/api/invitations'
import {
  createPlayerInvitation,
  listPlayerInvitations,
  withdrawPlayerInvitation,
} from '../auth/player-invitations'
import type { AppContext } from '../context'
import { idempotentWrite } from './idempotency'
import { errorResponses, noContentSchema } from './response-schemas'
import { requireUser } from './session'

export const invitationsPath = '/v1/invitations'

/**
 * A player's own invitation links (sign-up codes, not a group's invitations of existing players): make
 * one, list them with who joined, withdraw an open one. Writes pass the global CSRF check.
 */
export const invitationsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    invitationsPath,
    {
      schema: {
        body: createInvitationBodySchema,
        response: { 201: createdInvitationSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request, ctx)
      const answer = await idempotentWrite(ctx, request, user.id, async (tx) => ({
        statusCode: 201,
        body: await createPlayerInvitation(ctx, tx, user.id, request.body.groupId),
      }))
      // A replay answers with the stored body; its status was 201 too.
      return reply.status(201).send(answer.body as PlayerInvitation)
    },
  )

  app.get(
    invitationsPath,
    { schema: { response: { 200: invitationListSchema, ...errorResponses(401) } } },
    async (request) => {
      const { user } = await requireUser(request, ctx)
      return listPlayerInvitations(ctx, user.id)
    },
  )

  app.delete(
    `${invitationsPath}/:code`,
    {
      schema: {
        params: invitationParamsSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request, ctx)
      await withdrawPlayerInvitation(ctx, user.id, request.params.code)
      return reply.status(204).send()
    },
  )
}
