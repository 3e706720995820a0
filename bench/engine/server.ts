import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp, createContext } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { AppContext } from '../../server/context'
import { writeQueueStats } from '../../server/db/write-batch'
import { databaseMessageStore } from '../../server/market/messages.repo'
import { EngineMarket } from './market'
import type { ServerCommand, ServerReady, ServerStats } from './protocol'
import { watchSlowStatements } from './slow-sql'

/** main.ts runs the jobs this often. */
const jobIntervalMs = 1000

let appContext: AppContext | undefined

/**
 * The server under load, alone in its process: 'app' is the app as `npm start` builds it (SQLite on
 * the seeded data directory, every route and hook, the job runner on) with the benchmark's market;
 * 'bare' is a Fastify instance with the one route answering fixed bytes and headers (the app's answer as
 * it was sent: gzip, security headers and all), the baseline.
 */
async function start(command: Extract<ServerCommand, { type: 'start' }>): Promise<FastifyInstance> {
  if (command.mode === 'bare') {
    const body = Buffer.from(command.body ?? '', 'base64')
    const headers = command.headers ?? { 'content-type': 'application/json; charset=utf-8' }
    const app = Fastify()
    app.get('/v1/stockgame/state', async (_request, reply) => reply.headers(headers).send(body))
    return app
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    ALPHA_DATA_DIR: command.dataDir,
    ALPHA_STATIC_DIR: join(command.dataDir, 'dist'),
    ALPHA_SECRET: 'benchmark-secret-that-is-at-least-32-characters',
    ALPHA_BOTS: '0',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  })
  const market = new EngineMarket()
  const ctx = await createContext(config, { market })
  appContext = ctx
  market.attachStore(databaseMessageStore(ctx.db))
  const app = await buildApp(ctx)
  app.addHook('onListen', async () => {
    if (command.jobs) ctx.jobs.start(jobIntervalMs)
  })
  return app
}

async function main(): Promise<void> {
  if (process.env.BENCH_SLOW_SQL_MS) watchSlowStatements(Number(process.env.BENCH_SLOW_SQL_MS))
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  let app: FastifyInstance | undefined
  process.on('message', async (command: ServerCommand) => {
    if (command.type === 'start') {
      app = await start(command)
      await app.listen({ port: 0, host: '127.0.0.1' })
      const address = app.server.address()
      if (!address || typeof address === 'string') throw new Error('no TCP port')
      process.send?.({ type: 'ready', port: address.port } satisfies ServerReady)
    } else if (command.type === 'stats') {
      const cpu = process.cpuUsage()
      const stats: ServerStats = {
        type: 'stats',
        cpuUser: cpu.user,
        cpuSystem: cpu.system,
        rss: process.memoryUsage.rss(),
        loopDelayP99: delay.percentile(99) / 1e6,
      }
      delay.reset()
      process.send?.(stats)
    } else if (command.type === 'exit') {
      if (appContext && process.env.BENCH_WRITE_STATS === '1') {
        const { commits, writes } = writeQueueStats(appContext.db)
        console.error(
          `group commit: ${writes} writes in ${commits} commits (${(writes / Math.max(1, commits)).toFixed(1)} per commit)`,
        )
      }
      await app?.close()
      process.exit(0)
    }
  })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
