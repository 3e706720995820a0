import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  alreadyPredictedText,
  type PerformanceRow,
  performanceTotalTitleId,
  performanceTotalTitleName,
  predictionCursorOf,
  predictionCursorText,
  predictionHistoryQuerySchema,
  predictionHistorySchema,
  type TagResponse,
  tagBodySchema,
  taggedMessagePerformanceSchema,
  tagParamsSchema,
  tagResponseSchema,
} from '../../src/api/predictions'
import type { AppContext } from '../context'
import { fairPlayOf } from '../game/fair-play'
import { MessageCache } from '../game/message-cache'
import { ownPredictionsPage } from '../game/own-predictions'
import {
  type NewPrediction,
  type PlacedPrediction,
  placePrediction,
  predictionPerformance,
  toTaggedMessage,
} from '../game/predictions'
import { AppError, forbidden } from './app-error'
import { idempotentWrite } from './idempotency'
import { errorResponses } from './response-schemas'
import { requireUser } from './session'

const alreadyPredicted = () => new AppError(409, 'already_predicted', alreadyPredictedText)
const badTag = (code: string, message: string) => new AppError(400, code, message)

function tagAnswer(placed: PlacedPrediction | undefined) {
  if (!placed) throw alreadyPredicted()
  return {
    statusCode: 200,
    body: { rewardFactor: placed.nextRewardFactor, taggedMessage: toTaggedMessage(placed.row) },
  }
}

/** Tagging a message (a prediction), the caller's older predictions and their overview. */
export const predictionsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { market } = ctx
  const messages = new MessageCache(market)
  const fairPlay = fairPlayOf(ctx)

  app.post(
    '/v1/stockgame/tagged-messages/:messageId/tag',
    {
      schema: {
        params: tagParamsSchema,
        body: tagBodySchema,
        response: { 200: tagResponseSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request, ctx)
      const { body } = request
      if (body.userId !== user.id) throw forbidden()
      if (body.messageId !== request.params.messageId)
        throw badTag('message_mismatch', 'The message id of the body differs from the address.')
      const message = await messages.message(body.messageId)
      if (!message) throw badTag('unknown_message', 'There is no such message.')
      if (!message.titles.some((mention) => mention.title_id === body.titleId))
        throw badTag('title_not_in_message', 'The message does not mention this title.')
      // The server's price, never the client's: a prediction is measured from what the market says now.
      const tick = market.latestTick(body.titleId)
      if (!tick) throw badTag('no_price', 'There is no price for this title yet.')
      const prediction = (): NewPrediction => ({
        userId: user.id,
        titleId: body.titleId,
        messageId: body.messageId,
        trend: body.trend,
        atPrice: tick.l,
        now: ctx.clock.now(),
        fairPlay,
      })
      // a repeated tag is refused by the primary key; the fair-play rules refuse in the same transaction
      const answer = await idempotentWrite(
        ctx,
        request,
        user.id,
        async (tx) => tagAnswer(await placePrediction(tx, prediction())),
        { repeatFails: true, counts: 'prediction' },
      )
      return reply.status(answer.statusCode as 200).send(answer.body as TagResponse)
    },
  )

  app.get(
    '/v1/stockgame/tagged-messages/history',
    {
      schema: {
        description:
          "The caller's predictions made before a cursor, newest first: older ones than the week the state " +
          'and the user payload carry. `before` is a time (epoch ms) for the first page, then the `next` of ' +
          'the page before.',
        querystring: predictionHistoryQuerySchema,
        response: { 200: predictionHistorySchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request, ctx)
      const { before, limit } = request.query
      const predictions = await ownPredictionsPage(ctx.db, user.id, { before, limit })
      const last = predictions.at(-1)
      const next =
        last && predictions.length === limit ? predictionCursorText(predictionCursorOf(last)) : null
      return { predictions, next }
    },
  )

  app.get(
    '/v1/stockgame/tagged-messages/performance',
    { schema: { response: { 200: taggedMessagePerformanceSchema, ...errorResponses(401) } } },
    async (request) => {
      const { user } = await requireUser(request, ctx)
      const counts = await predictionPerformance(ctx.db, user.id)
      const titles: PerformanceRow[] = counts.map((row) => ({
        ...row,
        titleName: market.title(row.titleId)?.n ?? `#${row.titleId}`,
      }))
      const total: PerformanceRow = {
        titleId: performanceTotalTitleId,
        titleName: performanceTotalTitleName,
        trendsUp: 0,
        trendsDown: 0,
        correctlyTaggedMessages: 0,
        score: 0,
      }
      for (const row of titles) {
        total.trendsUp += row.trendsUp
        total.trendsDown += row.trendsDown
        total.correctlyTaggedMessages += row.correctlyTaggedMessages
        total.score += row.score
      }
      return { titles, total }
    },
  )
}
