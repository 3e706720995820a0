import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { championsSchema, rankingSchema, rankingsQuerySchema } from '../../src/api/rankings'
import type { AppContext } from '../context'
import { inReadTransaction } from '../db/read-transaction'
import { readGroupVersions } from '../game/game-version'
import { groupErrors } from '../game/groups'
import { cachedRanking, recentChampions } from '../game/rankings'
import { notFound } from './app-error'
import { errorResponses, sentAsPlainJson } from './response-schemas'
import { requireUser } from './session'

/**
 * Rankings and champions, for signed-in players:
 * - `GET /v1/stockgame/rankings?period=&groupId=`  one group's ranking of a period, every ranked player
 *   ([{rank, userId, username, points, accuracy}]); the active group by default, this_week by default;
 *   a private group's only for its active members (403), a missing group 404
 * - `GET /v1/stockgame/champions`                  group 1000's top three of the latest awarded week
 *   ([{rank, userId, username, points}] by rank)
 */
export const rankingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.addHook('preValidation', async (request) => {
    await requireUser(request, ctx)
  })

  // The list can hold every player: documented, sent as plain JSON (its rows are built by computeRanking).
  const rankings = {
    schema: {
      querystring: rankingsQuerySchema,
      response: { 200: rankingSchema, ...errorResponses(400, 401, 403, 404) },
    },
    ...sentAsPlainJson,
  }
  app.get('/v1/stockgame/rankings', rankings, async (request) => {
    const { user, session } = await requireUser(request, ctx)
    const groupId = request.query.groupId ?? session.activeGroupId
    const now = ctx.clock.now()
    return inReadTransaction(ctx.db, async (db) => {
      const { versions: found, memberships } = await readGroupVersions(db, [groupId], user.id)
      const versions = found.get(groupId)
      if (!versions) throw notFound('Group')
      if (versions.group.publicGroup !== 1 && !memberships.active.has(groupId)) throw groupErrors.notMember()
      return cachedRanking(ctx, db, versions, request.query.period, now)
    })
  })

  const champions = { response: { 200: championsSchema, ...errorResponses(401) } }
  app.get('/v1/stockgame/champions', { schema: champions }, async () =>
    inReadTransaction(ctx.db, (db) => recentChampions(db)),
  )
}
