import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { activityPageSchema, activityQuerySchema } from '../../src/api/activity'
import { defaultGroupId } from '../../src/api/groups'
import { stateMaxAgeSeconds } from '../../src/api/state'
import type { AppContext } from '../context'
import { inReadTransaction } from '../db/read-transaction'
import { activityPage } from '../game/activity'
import { findGroup, isActiveMember } from '../game/groups.repo'
import { gameStateBody } from '../game/state'
import { requireUser } from './session'

/** The client keeps a state answer 5 s (spec §9): so may the browser, and only the browser. */
const stateCacheControl = `private, max-age=${stateMaxAgeSeconds}`

/**
 * The game as the signed-in player sees it from their active group:
 * - `GET /v1/stockgame/state`     {users, polls, rankings, chronic, publicGroups} (src/api/state.ts)
 * - `GET /v1/stockgame/activity`  the activity stream, newest first, `?before=&limit=` (src/api/activity.ts)
 */
export const stateRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.addHook('preValidation', async (request) => {
    await requireUser(request, ctx)
  })

  // Sent as the JSON text the state module builds (most of it serialized once per change, not per request).
  app.get('/v1/stockgame/state', async (request, reply) => {
    const { user, session } = await requireUser(request, ctx)
    const body = await gameStateBody(ctx, user.id, session.activeGroupId)
    return reply.header('cache-control', stateCacheControl).type('application/json; charset=utf-8').send(body)
  })

  app.get(
    '/v1/stockgame/activity',
    { schema: { querystring: activityQuerySchema, response: { 200: activityPageSchema } } },
    async (request) => {
      const { user, session } = await requireUser(request, ctx)
      const now = ctx.clock.now()
      return inReadTransaction(ctx.db, async (db) => {
        let group = await findGroup(db, session.activeGroupId)
        if (!group || !(await isActiveMember(db, group.id, user.id)))
          group = await findGroup(db, defaultGroupId)
        if (!group) throw new Error('group 1000 is missing')
        const { before, limit } = request.query
        return (await activityPage(ctx, db, group, { before, limit, now })).elements
      })
    },
  )
}
