import type { AppContext } from '../context'
import type { Job } from '../jobs/job-runner'
import { type EvaluationDeps, evaluateDuePredictions } from './evaluate-predictions'
import { ledgerSealJob } from './ledger-seal'
import { priceSourceOf } from './settlements'

/**
 * Predictions the job evaluates per transaction. A transaction on SQLite runs without a break of the
 * event loop (its statements are synchronous), so a backlog of twenty thousand in one batch held every
 * request for about 50 ms; this many take a few milliseconds, and requests run between batches. A
 * backlog pays ten times the commits, still a small part of the work.
 */
export const jobEvaluationBatchSize = 2000

export function evaluationJob(
  ctx: Pick<AppContext, 'db' | 'log'> & Partial<Pick<AppContext, 'config'>> & Pick<EvaluationDeps, 'market'>,
): Job {
  return {
    name: 'evaluate due predictions',
    run: async (now) => {
      const priceSource = ctx.config && priceSourceOf(ctx.config)
      await evaluateDuePredictions({ db: ctx.db, market: ctx.market, log: ctx.log, priceSource }, now, {
        batchSize: jobEvaluationBatchSize,
      })
    },
  }
}

/** The game's periodic work on the server clock; each job is idempotent and set-based (see Job). */
export function registerGameJobs(ctx: AppContext): void {
  ctx.jobs.register(evaluationJob(ctx))
  ctx.jobs.register(ledgerSealJob(ctx))
}
