import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  nextPollSchema,
  type PollResults,
  pollListSchema,
  pollParamsSchema,
  pollPerformanceSchema,
  pollResultsSchema,
  pollSettlementSchema,
  pollStatusSchema,
  pollTexts,
  voteBodySchema,
} from '../../src/api/polls'
import type { AppContext } from '../context'
import { fairPlayOf } from '../game/fair-play'
import { pollBooks } from '../game/poll-books'
import { nextPoll } from '../game/poll-opening'
import { listPolls, pollPerformance, pollStatus } from '../game/polls.read'
import { betFailure, placeBet } from '../game/wagers'
import { AppError, forbidden, notFound } from './app-error'
import { idempotentWrite } from './idempotency'
import { errorResponses } from './response-schemas'
import { requireUser } from './session'

/**
 * Polls and bets, all the signed-in player's:
 * - `GET  /v1/stockgame/polls`                   the newest 50 polls (own bet, counts, phase, outcome)
 * - `GET  /v1/stockgame/polls/next`              the next poll time, for the countdown
 * - `GET  /v1/stockgame/polls/performance`       own bets per title and in total
 * - `GET  /v1/stockgame/polls/{pollId}/status`   bets cast and pot
 * - `GET  /v1/stockgame/polls/{pollId}/settlement` a settled poll's books: price, stakes, payouts, hash
 * - `POST /v1/stockgame/polls/{pollId}/vote`     a bet; Idempotency-Key replays the first answer
 */
export const pollsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const fairPlay = fairPlayOf(ctx)
  // Before validation: a guest hears 401 whatever it sends.
  app.addHook('preValidation', async (request) => {
    await requireUser(request, ctx)
  })

  const signedIn = errorResponses(401)

  const polls = { response: { 200: pollListSchema, ...signedIn } }
  app.get('/v1/stockgame/polls', { schema: polls }, async (request) => {
    const { user } = await requireUser(request, ctx)
    return listPolls(ctx.db, {
      userId: user.id,
      now: ctx.clock.now(),
      market: ctx.market,
      flatBand: ctx.config.pollFlatBand,
    })
  })

  const next = { response: { 200: nextPollSchema, ...signedIn } }
  app.get('/v1/stockgame/polls/next', { schema: next }, async () => nextPoll(ctx, ctx.clock.now()))

  app.get(
    '/v1/stockgame/polls/performance',
    { schema: { response: { 200: pollPerformanceSchema, ...signedIn } } },
    async (request) => {
      const { user } = await requireUser(request, ctx)
      return pollPerformance(ctx.db, user.id, ctx.market)
    },
  )

  app.get(
    '/v1/stockgame/polls/:pollId/status',
    {
      schema: {
        params: pollParamsSchema,
        response: { 200: pollStatusSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const status = await pollStatus(ctx.db, request.params.pollId)
      if (!status) throw notFound('Poll')
      return status
    },
  )

  app.get(
    '/v1/stockgame/polls/:pollId/settlement',
    {
      schema: {
        params: pollParamsSchema,
        response: { 200: pollSettlementSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const books = await pollBooks(ctx.db, request.params.pollId)
      if (books === 'unknown') throw notFound('Poll')
      if (books === 'open') throw new AppError(409, 'poll_not_settled', pollTexts.notSettled)
      return books
    },
  )

  app.post(
    '/v1/stockgame/polls/:pollId/vote',
    {
      schema: {
        params: pollParamsSchema,
        body: voteBodySchema,
        response: { 200: pollResultsSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request, ctx)
      const { body } = request
      if (body.pollId !== request.params.pollId)
        throw new AppError(400, 'validation_failed', pollTexts.pollMismatch, {
          pollId: pollTexts.pollMismatch,
        })
      if (body.userId !== user.id) throw forbidden()
      const bet = {
        pollId: body.pollId,
        userId: user.id,
        vote: body.vote,
        ttcBet: body.ttcBet,
        now: ctx.clock.now(),
        fairPlay,
      }
      try {
        // a repeated bet is refused by the (poll, player) key
        const answer = await idempotentWrite(
          ctx,
          request,
          user.id,
          async (tx) => ({ statusCode: 200, body: await placeBet(tx, bet) }),
          { repeatFails: true, counts: 'bet' },
        )
        // Only a success is stored for replay, and a success is always 200 with the results.
        return answer.body as PollResults
      } catch (error) {
        throw (await betFailure(ctx.db, user.id, error)) ?? error
      }
    },
  )
}
