import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema } from '../../src/api/errors'
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
import { requireUser } from './session'

export const invitationsPath = '/v1/invitations'

/**
 * A player's own invitation links (sign-up codes, not a group's invitations of existing players): make
 * one, list them with who joined, withdraw an open one. Writes pass the global CSRF check.
 */
export const invitationsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema }

  app.post(
    invitationsPath,
    {
      schema: {
        body: createInvitationBodySchema,
        response: { 201: createdInvitationSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
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
    { schema: { response: { 200: invitationListSchema, 401: apiErrorSchema } } },
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
        response: { 204: z.null(), ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request, ctx)
      await withdrawPlayerInvitation(ctx, user.id, request.params.code)
      return reply.status(204).send(null)
    },
  )
}
