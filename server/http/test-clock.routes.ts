import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AdjustableClock } from '../clock'
import type { SharedTestClock } from '../cluster/shared-test-clock'
import type { JobRunner } from '../jobs/job-runner'

const advanceBodySchema = z.strictObject({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 3600_000),
})

/**
 * Only registered with ALPHA_TEST_CLOCK=1: end-to-end tests move server time instead of waiting; due
 * jobs run at once. In a cluster (`shared`) the move reaches every process; the jobs run on this one
 * (the others run theirs on their timers, or on a `{advanceMs: 0}` sent to them).
 */
export const testClockRoutes: FastifyPluginAsync<{
  clock: AdjustableClock
  jobs: JobRunner
  shared?: SharedTestClock
}> = async (fastify, { clock, jobs, shared }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  app.post('/v1/test/clock', { schema: { body: advanceBodySchema, hide: true } }, async (request) => {
    if (shared) await shared.advance(request.body.advanceMs)
    else clock.advance(request.body.advanceMs)
    // Jobs due by the new time run before the answer, so a test sees their effects at once.
    await jobs.runAll()
    return { now: clock.now() }
  })
}
