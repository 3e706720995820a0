import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { userSkillSchema } from '../../src/api/skill'
import { userRefSchema } from '../../src/api/users'
import type { AppContext } from '../context'
import { skillOfUser } from '../game/skill.read'
import { notFound } from './app-error'
import { errorResponses } from './response-schemas'
import { requireUser } from './session'
import { resolveUser } from './users.routes'

/**
 * `GET /v1/users/{user}/skill` (a numeric id, a username or 'me'): hit rate, Wilson interval, p-value
 * against a coin, whether skill is shown and the relative score against the crowd, for anybody signed in.
 */
export const skillRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const skill = {
    params: userRefSchema,
    response: { 200: userSkillSchema, ...errorResponses(400, 401, 404) },
  }
  app.get('/v1/users/:user/skill', { schema: skill }, async (request) => {
    const caller = await requireUser(request, ctx)
    const user = await resolveUser(ctx, request.params.user, caller)
    if (!user) throw notFound('User')
    return { userId: user.id, ...(await skillOfUser(ctx.db, user.id)) }
  })
}
