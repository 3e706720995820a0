import { EventEmitter } from 'node:events'
import { join } from 'node:path'
import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import fastifyRateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import pino from 'pino'
import { AdjustableClock, type Clock, systemClock } from './clock'
import type { Config } from './config'
import type { AppContext, AppEvents } from './context'
import { connectDatabase } from './db/connect'
import { migrateToLatest } from './db/migrate'
import { authRoutes } from './http/auth.routes'
import { registerCsrfDefence } from './http/csrf'
import { registerErrorHandling } from './http/error-handler'
import { healthRoutes } from './http/health.routes'
import { mailUnsubscribeRoutes, oneClickUnsubscribePath } from './http/mail-unsubscribe.routes'
import { registerSpa } from './http/spa'
import { testClockRoutes } from './http/test-clock.routes'
import { usersRoutes } from './http/users.routes'
import { createMailer, type Mailer } from './mail/mailer'

/** Builds the context from the configuration: logger, clock, database (migrated), mailer. */
export async function createContext(
  config: Config,
  overrides: { clock?: Clock; mailer?: Mailer; log?: AppContext['log'] } = {},
): Promise<AppContext> {
  const log =
    overrides.log ??
    pino({
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    })
  const db = connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await migrateToLatest(db)
  const clock = overrides.clock ?? (config.testClock ? new AdjustableClock() : systemClock)
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxFile: join(config.dataDir, 'outbox.log'),
      log,
    })
  return { config, db, clock, mailer, log, events: new EventEmitter<AppEvents>() }
}

/** The HTTP app on a context; `listen` is the caller's business (main.ts, tests). */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 64 * 1024,
    // Fastify waits for in-flight requests on close; keep-alive sockets must not hold shutdown hostage.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': ctx.config.appOrigin.startsWith('https:') ? [] : null,
      },
    },
    strictTransportSecurity: ctx.config.appOrigin.startsWith('https:'),
  })
  await app.register(fastifyCookie)
  await app.register(fastifyRateLimit, { global: false })
  registerCsrfDefence(app, ctx.config.appOrigin, [oneClickUnsubscribePath])

  await app.register(healthRoutes, { ctx })
  await app.register(authRoutes, { ctx })
  await app.register(usersRoutes, { ctx })
  await app.register(mailUnsubscribeRoutes, { ctx })
  if (ctx.config.testClock && ctx.clock instanceof AdjustableClock) {
    await app.register(testClockRoutes, { clock: ctx.clock })
  }

  registerErrorHandling(app, await registerSpa(app, ctx.config.staticDir))

  app.addHook('onClose', async () => {
    ctx.mailer.close()
    await ctx.db.destroy()
  })
  return app
}
