import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { activityPageSchema, activityQuerySchema } from '../../src/api/activity'
import { defaultGroupId } from '../../src/api/groups'
import { stateMaxAgeSeconds, stateSchema } from '../../src/api/state'
import { keepRecent } from '../../src/domain/bounded-map'
import { sessionIdleTimeoutMs } from '../auth/sessions.repo'
import type { AppContext } from '../context'
import { dataVersion } from '../db/data-version'
import { isPostgres } from '../db/dialect'
import { inReadTransaction } from '../db/read-transaction'
import { activityPage } from '../game/activity'
import { findGroup, isActiveMember } from '../game/groups.repo'
import { gameState } from '../game/state'
import { matchesIfNoneMatch, weakEtag } from './etag'
import { acceptsGzip, gzipOnce } from './gzip-answer'
import { errorResponses, notModifiedSchema } from './response-schemas'
import { type Authenticated, requireUser, sessionCookieName } from './session'

/** The client keeps a state answer 5 s (spec §9): so may the browser, and only the browser. */
const stateCacheControl = `private, max-age=${stateMaxAgeSeconds}`

/**
 * The state is the one route every client polls. On SQLite its callers' sessions are kept per process
 * while nothing at all was written (`dataVersion`, read anyway for the state's own cache): a logout, an
 * expiry, a password reset or an account change is a write, so it shows at the next request. At most
 * this long of game time, so the hourly `lastSeenAt` touch of `findSession` is late by that at most.
 * On PostgreSQL the session's statement reads the data version with it: one round trip either way.
 */
const callerReuseMs = 60_000
const callersKept = 5000

interface KnownCaller {
  auth: Authenticated
  written: string
  /** game time when looked up */
  at: number
}

/**
 * The game as the signed-in player sees it from their active group:
 * - `GET /v1/stockgame/state`     {users, polls, rankings, chronic, publicGroups} (src/api/state.ts)
 * - `GET /v1/stockgame/activity`  the activity stream, newest first, `?before=&limit=` (src/api/activity.ts)
 */
export const stateRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const cookieName = sessionCookieName(ctx.config)
  const callers = new Map<string, KnownCaller>()

  /**
   * The caller and the data version read before anything the state shows: on PostgreSQL both from the
   * session's statement; on SQLite the version (no round trip) and the caller from the sessions kept
   * while nothing was written, else looked up (and kept).
   */
  async function stateCaller(request: FastifyRequest): Promise<{ auth: Authenticated; written: string }> {
    if (isPostgres(ctx.db)) {
      const auth = await requireUser(request, ctx)
      return { auth, written: auth.dataVersion ?? (await dataVersion(ctx.db)) }
    }
    const written = await dataVersion(ctx.db)
    return { auth: await keptCaller(request, written), written }
  }

  async function keptCaller(request: FastifyRequest, written: string): Promise<Authenticated> {
    const token = request.cookies[cookieName]
    const now = ctx.clock.now()
    const known = token === undefined ? undefined : callers.get(token)
    if (
      known &&
      known.written === written &&
      now >= known.at &&
      now - known.at < callerReuseMs &&
      now - known.auth.session.lastSeenAt <= sessionIdleTimeoutMs
    )
      return known.auth
    const auth = await requireUser(request, ctx)
    // `written` was read before the lookup: a write since makes the entry miss next time
    keepRecent(callers, auth.token, { auth, written, at: now }, callersKept)
    return auth
  }

  // Sent as the JSON text the state module builds (most of it serialized once per change, not per
  // request). The response schema documents it and costs nothing: Fastify sends a Buffer as it is, never
  // through the serializer; the contract test holds the answer to it. On the untyped instance, whose
  // replies may be bytes.
  const stateResponses = { response: { 200: stateSchema, 304: notModifiedSchema, ...errorResponses(401) } }
  fastify.get('/v1/stockgame/state', { schema: stateResponses }, async (request, reply) => {
    const {
      auth: { user, session },
      written,
    } = await stateCaller(request)
    // The client polls every 10 s: when nothing it sees changed, a 304 saves the 50 KB (or its gzip);
    // the state gives no bytes then, kept or built, to a caller whose validator names them.
    const ifNoneMatch = request.headers['if-none-match']
    const { digest, body } = await gameState(ctx, user.id, session.activeGroupId, written, (held) =>
      matchesIfNoneMatch(ifNoneMatch, weakEtag(held)),
    )
    const etag = weakEtag(digest)
    reply.header('cache-control', stateCacheControl).header('vary', 'accept-encoding').header('etag', etag)
    if (!body) return reply.code(304).send()
    reply.type('application/json; charset=utf-8')
    // About 50 KB of JSON that every client polls: gzip takes it to a sixth. Its answers are cached,
    // and so is their gzip (gzipOnce), the head shared by a group's answers compressed once for all.
    if (!acceptsGzip(request.headers['accept-encoding']))
      return reply.send(Buffer.concat([body.head, body.tail]))
    return reply.header('content-encoding', 'gzip').send(gzipOnce(body))
  })

  app.get(
    '/v1/stockgame/activity',
    {
      schema: {
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errorResponses(400, 401) },
      },
      preValidation: async (request) => {
        await requireUser(request, ctx)
      },
    },
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
