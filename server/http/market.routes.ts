import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  avatarParamsSchema,
  chartQuerySchema,
  chartSchema,
  fundamentalsSchema,
  tickSchema,
  titleParamsSchema,
  universeSchema,
  untaggedMessagesSchema,
} from '../../src/api/market'
import type { AppContext } from '../context'
import { messageIdsTaggedSince } from '../game/predictions'
import { authorByHandle } from '../market/authors'
import { identiconSvg } from '../market/avatars'
import { notFound } from './app-error'
import { messageListJson } from './message-json'
import { errorResponses } from './response-schemas'
import { requireUser } from './session'

/** Untagged messages: the last 24 hours, newest first, at most 50. */
const untaggedWindowMs = 24 * 3_600_000
const untaggedLimit = 50

/** Universe, ticks, charts, fundamentals, the message stream and the authors' avatars. */
export const marketRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { market } = ctx

  app.get('/v1/stockgame/universe', { schema: { response: { 200: universeSchema } } }, async () => [
    ...market.titles(),
  ])

  app.get(
    '/v1/market/titles/:id/tick',
    { schema: { params: titleParamsSchema, response: { 200: tickSchema, ...errorResponses(400, 404) } } },
    async (request) => {
      const tick = market.latestTick(request.params.id)
      if (!tick) throw notFound('Title')
      return tick
    },
  )

  app.get(
    '/v1/market/titles/:id/chart',
    {
      schema: {
        params: titleParamsSchema,
        querystring: chartQuerySchema,
        response: { 200: chartSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const chart = await market.history(request.params.id, request.query.range)
      if (!chart) throw notFound('Title')
      return chart
    },
  )

  app.get(
    '/v1/market/titles/:id/fundamentals',
    {
      schema: {
        params: titleParamsSchema,
        response: { 200: fundamentalsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const fundamentals = await market.fundamentals(request.params.id)
      if (!fundamentals) throw notFound('Title')
      return fundamentals
    },
  )

  // Sent as JSON text joined from each message's text, checked against the schema and serialized once
  // per message (messageJson), not per call; the response schema documents it. On the untyped
  // instance, whose replies may be text.
  fastify.get(
    '/v1/stockgame/untagged-messages',
    { schema: { response: { 200: untaggedMessagesSchema, ...errorResponses(401) } } },
    async (request, reply) => {
      const { user } = await requireUser(request, ctx)
      const sinceMs = ctx.clock.now() - untaggedWindowMs
      const [recent, tagged] = await Promise.all([
        market.recentMessages({ sinceMs, limit: untaggedLimit * 4 }),
        messageIdsTaggedSince(ctx.db, user.id, sinceMs),
      ])
      const untagged = recent.filter((message) => !tagged.has(message.message_id))
      return reply
        .type('application/json; charset=utf-8')
        .send(messageListJson(untagged.slice(0, untaggedLimit)))
    },
  )

  app.get(
    '/v1/market/avatars/:handle.svg',
    {
      schema: {
        params: avatarParamsSchema,
        // an image, never serialized (a string with its own content type goes out as it is)
        response: {
          200: {
            description: 'The author’s identicon.',
            content: { 'image/svg+xml': { schema: z.string() } },
          },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const author = authorByHandle(request.params.handle)
      if (!author) throw notFound('Avatar')
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(identiconSvg(author.handle))
    },
  )
}
