import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AdjustableClock } from '../clock'

const advanceBodySchema = z.strictObject({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 3600_000),
})

/** Only registered with ALPHA_TEST_CLOCK=1: end-to-end tests move server time instead of waiting. */
export const testClockRoutes: FastifyPluginAsync<{ clock: AdjustableClock }> = async (fastify, { clock }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post('/v1/test/clock', { schema: { body: advanceBodySchema } }, async (request) => {
    clock.advance(request.body.advanceMs)
    return { now: clock.now() }
  })
}
