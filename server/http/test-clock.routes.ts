import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AdjustableClock } from '../clock'
import type { JobRunner } from '../jobs/job-runner'

const advanceBodySchema = z.strictObject({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 3600_000),
})

/** Only registered with ALPHA_TEST_CLOCK=1: end-to-end tests move server time instead of waiting; due jobs run at once. */
export const testClockRoutes: FastifyPluginAsync<{ clock: AdjustableClock; jobs: JobRunner }> = async (
  fastify,
  { clock, jobs },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post('/v1/test/clock', { schema: { body: advanceBodySchema } }, async (request) => {
    clock.advance(request.body.advanceMs)
    // Jobs due by the new time run before the answer, so a test sees their effects at once.
    await jobs.runAll()
    return { now: clock.now() }
  })
}
