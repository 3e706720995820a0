import { buildApp, createContext } from './app'
import { ConfigError, loadConfig } from './config'
import { printFirstStartInvitation } from './first-start'
import { guardedLogOutput } from './log-output'
import { createLogger } from './logger'
import { shutDownOnSignals } from './shutdown'

/** Due jobs are picked up within this time. */
const jobIntervalMs = 1000

/** config -> db -> migrations -> http -> market -> jobs. */
async function main(): Promise<void> {
  const config = loadConfig()
  const output = guardedLogOutput(process.stdout)
  const ctx = await createContext(config, { log: createLogger(config.logLevel, output) })
  const app = await buildApp(ctx)
  await app.listen({ port: config.port, host: config.host })
  ctx.market.start()
  ctx.jobs.start(jobIntervalMs, () => ctx.cluster?.runsJobs() ?? true)
  await printFirstStartInvitation(ctx)
  shutDownOnSignals({ close: () => app.close(), log: ctx.log, output })
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
})
