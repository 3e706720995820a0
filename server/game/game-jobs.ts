import type { AppContext } from '../context'
import { evaluateDuePredictions } from './evaluate-predictions'

/** The game's periodic work on the server clock; each job is idempotent and set-based (see Job). */
export function registerGameJobs(ctx: AppContext): void {
  ctx.jobs.register({
    name: 'evaluate due predictions',
    run: async (now) => {
      await evaluateDuePredictions({ db: ctx.db, market: ctx.market, log: ctx.log }, now)
    },
  })
}
