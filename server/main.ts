import { buildApp, createContext } from './app'
import { ConfigError, loadConfig } from './config'
import { printFirstStartInvitation } from './first-start'

/** Due jobs are picked up within this time. */
const jobIntervalMs = 1000

/** config -> db -> migrations -> http -> market -> jobs. */
async function main(): Promise<void> {
  const config = loadConfig()
  const ctx = await createContext(config)
  const app = await buildApp(ctx)
  await app.listen({ port: config.port, host: config.host })
  ctx.market.start()
  ctx.jobs.start(jobIntervalMs, () => ctx.cluster?.runsJobs() ?? true)
  await printFirstStartInvitation(ctx)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    ctx.log.info({ signal }, 'shutting down: draining requests')
    const timer = setTimeout(() => {
      ctx.log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, 10_000)
    timer.unref()
    await app.close()
    ctx.log.info('bye')
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
})
