import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { mayReadMetrics } from '../metrics/metrics-access'
import { AppError } from './app-error'

/**
 * Times every answer by its route pattern (`/v1/stockgame/polls/:pollId`, never the concrete path, so
 * the label set stays small) and serves Prometheus' text at `GET /metrics` to loopback callers or with
 * `METRICS_TOKEN` as a bearer token. On the root instance: the hook sees every route's answers.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const { metrics } = ctx
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    )
  })
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const caller = {
      remoteAddress: request.socket.remoteAddress,
      forwarded: request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined,
      authorization: request.headers.authorization,
    }
    if (!mayReadMetrics(caller, ctx.config.metricsToken))
      throw new AppError(
        403,
        'forbidden',
        'Metrics are for operators: call from this machine or send the metrics token.',
      )
    reply.header('content-type', metrics.contentType).header('cache-control', 'no-store')
    return metrics.render()
  })
}
