import { EventEmitter } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import { buildApp, createContext } from '../../server/app'
import { AdjustableClock } from '../../server/clock'
import { loadConfig } from '../../server/config'
import type { AppContext } from '../../server/context'
import type { Mail, Mailer } from '../../server/mail/mailer'
import type { MarketSource } from '../../server/market/source'
import { createPostgresDatabase, type TestDialect } from './databases'
import { HoursMarket } from './hours-market'

/** Keeps mails in memory; `nextMail` waits for one (sending happens after the response). */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = []
  readonly #events = new EventEmitter()
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail)
    this.#events.emit('mail', mail)
  }
  close(): void {}
  async nextMail(to: string, timeoutMs = 5000): Promise<Mail> {
    const already = this.sent.find((m) => m.to === to && !this.#taken.has(m))
    if (already) return this.#take(already)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs)
      const onMail = (mail: Mail) => {
        if (mail.to !== to) return
        clearTimeout(timer)
        this.#events.off('mail', onMail)
        resolve(this.#take(mail))
      }
      this.#events.on('mail', onMail)
    })
  }
  readonly #taken = new Set<Mail>()
  #take(mail: Mail): Mail {
    this.#taken.add(mail)
    return mail
  }
}

export interface TestServer {
  url: string
  ctx: AppContext
  app: FastifyInstance
  clock: AdjustableClock
  /** the trading hours of the titles (every market open unless a test says otherwise) */
  hours: HoursMarket
  mailer: MemoryMailer
  dataDir: string
  stop(): Promise<void>
}

export interface TestServerOptions {
  /** extra environment, e.g. { ALPHA_RATE_LIMITS: '1', SMTP_URL } */
  env?: Record<string, string>
  /** keep the real mailer the configuration asks for (SMTP tests) instead of the memory one */
  realMailer?: boolean
  /**
   * wraps or replaces the simulated market (with the trading hours of `TestServer.hours`) before the app
   * is built (a test driving ticks itself)
   */
  market?: (simulated: MarketSource) => MarketSource
  /** the server's logger (a test reading what was logged) @default silent, or TEST_LOG_LEVEL */
  log?: AppContext['log']
  /**
   * a PostgreSQL database another test server made: this one joins it (a second process of a cluster)
   * and leaves it for that one to drop
   */
  databaseUrl?: string
}

/**
 * A real server on 127.0.0.1 with a random port, a fresh database of the dialect, the test clock,
 * cheap password hashing and rate limits off unless the env turns them on.
 */
export async function startTestServer(
  dialect: TestDialect,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'alpha-test-'))
  const pgDatabase =
    dialect === 'postgres' && !options.databaseUrl ? await createPostgresDatabase() : undefined
  const databaseUrl = options.databaseUrl ?? pgDatabase?.url
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    ALPHA_DATA_DIR: dataDir,
    ALPHA_STATIC_DIR: join(dataDir, 'dist'),
    ALPHA_SECRET: 'test-secret-that-is-at-least-32-characters-long',
    ALPHA_SCRYPT_LOG_N: '10',
    ALPHA_RATE_LIMITS: '0',
    ALPHA_TEST_CLOCK: '1',
    ALPHA_BOTS: '0',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  })
  const clock = new AdjustableClock()
  const mailer = new MemoryMailer()
  const ctx = await createContext(config, {
    clock,
    log: options.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    ...(options.realMailer ? {} : { mailer }),
  })
  // Every market trades around the clock unless a test sets hours: tags and bets pass at any wall time.
  const hours = new HoursMarket(ctx.market)
  ctx.market = options.market ? options.market(hours) : hours
  const app = await buildApp(ctx)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port')
  const url = `http://127.0.0.1:${address.port}`
  ctx.config.appOrigin = url
  return {
    url,
    ctx,
    app,
    clock,
    hours,
    mailer,
    dataDir,
    async stop() {
      await app.close()
      await pgDatabase?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
