import { EventEmitter } from 'node:events'
import { join } from 'node:path'
import fastifyCookie from '@fastify/cookie'
import fastifyRateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { appVersion } from '../src/api/client/app-version'
import { signInPruneJob } from './auth/sign-in-prune'
import { AdjustableClock, type Clock, systemClock } from './clock'
import { joinCluster } from './cluster/cluster'
import type { Config } from './config'
import type { AppContext, AppEvents } from './context'
import { connectDatabase, poolReadingOf } from './db/connect'
import { migrateToLatest } from './db/migrate'
import { authorScoresJob } from './game/author-scores'
import { botsJob } from './game/bots'
import { dailyCloseoutJob } from './game/daily-closeout'
import { registerGameJobs } from './game/game-jobs'
import { pollOpeningJob } from './game/poll-opening'
import { pollSettlementJob } from './game/poll-settlement'
import { foldRankingDays, rankingDaysJob } from './game/ranking-days'
import { eventPrizeJob, weeklyTrophiesJob } from './game/trophies'
import { announcementsRoutes } from './http/announcements.routes'
import { authRoutes } from './http/auth.routes'
import { authorsRoutes } from './http/authors.routes'
import { bankRoutes } from './http/bank.routes'
import { clientErrorsRoutes } from './http/client-errors.routes'
import { crowdRoutes } from './http/crowd.routes'
import { registerCsrfDefence } from './http/csrf'
import { clientErrorReply, frameworkErrorReply, registerErrorHandling } from './http/error-handler'
import { exportRoutes } from './http/export.routes'
import { groupsRoutes } from './http/groups.routes'
import { registerCompression } from './http/gzip-answer'
import { healthRoutes } from './http/health.routes'
import { pruneIdempotencyKeys } from './http/idempotency'
import { invitationsRoutes } from './http/invitations.routes'
import { mailUnsubscribeRoutes, oneClickUnsubscribePath } from './http/mail-unsubscribe.routes'
import { marketRoutes } from './http/market.routes'
import { registerMetrics } from './http/metrics.routes'
import { oauthRoutes } from './http/oauth.routes'
import { registerOpenApi } from './http/openapi'
import { pollsRoutes } from './http/polls.routes'
import { predictionsRoutes } from './http/predictions.routes'
import { pushRoutes } from './http/push.routes'
import { rankingsRoutes } from './http/rankings.routes'
import { registerSecurityHeaders } from './http/security-headers'
import { skillRoutes } from './http/skill.routes'
import { registerSpa } from './http/spa'
import { stateRoutes } from './http/state.routes'
import { testClockRoutes } from './http/test-clock.routes'
import { transactionsRoutes } from './http/transactions.routes'
import { registerUrlLengthLimit } from './http/url-length'
import { usersRoutes } from './http/users.routes'
import { JobRunner } from './jobs/job-runner'
import { guardedLogOutput } from './log-output'
import { createLogger } from './logger'
import { countedMailer } from './mail/counted-mailer'
import { createMailer, type Mailer } from './mail/mailer'
import { createMarket } from './market/create-market'
import type { MarketSource } from './market/source'
import { createMetrics } from './metrics/metrics'
import { countPlayers } from './metrics/player-counts'
import { observePoolWaits } from './metrics/pool-wait'
import { realtimePlugin } from './realtime/realtime.plugin'

/** Builds the context from the configuration: logger, clock, database (migrated), mailer. */
export async function createContext(
  config: Config,
  overrides: { clock?: Clock; mailer?: Mailer; log?: AppContext['log']; market?: MarketSource } = {},
): Promise<AppContext> {
  const log = overrides.log ?? createLogger(config.logLevel, guardedLogOutput(process.stdout))
  const db = connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    onPoolError: (err) => log.warn({ err }, 'idle database connection lost'),
  })
  await migrateToLatest(db)
  const clock = overrides.clock ?? (config.testClock ? new AdjustableClock() : systemClock)
  const { redisUrl, databaseUrl } = config
  // Before anything reads the clock: a process joining a cluster under a test clock takes its time.
  const cluster =
    redisUrl && databaseUrl
      ? await joinCluster({ config: { ...config, redisUrl, databaseUrl }, clock, log })
      : undefined
  const metrics = createMetrics()
  const mailer = countedMailer(
    overrides.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxFile: join(config.dataDir, 'outbox.log'),
        log,
      }),
    metrics.mailMessages,
  )
  const localMarket = overrides.market ?? createMarket({ config, db, clock, log })
  const market = cluster ? cluster.market(localMarket) : localMarket
  metrics.readPool(() => poolReadingOf(db))
  metrics.readPlayers(() => countPlayers(db, clock.now()))
  observePoolWaits(db, (seconds) => metrics.poolWait.observe(seconds))
  const jobs = new JobRunner(clock, log, (job, seconds, failed) => {
    metrics.jobRunDuration.observe({ game_job: job }, seconds)
    if (failed) metrics.jobFailures.inc({ game_job: job })
  })
  const ctx: AppContext = {
    config,
    db,
    clock,
    mailer,
    log,
    events: new EventEmitter<AppEvents>(),
    market,
    jobs,
    metrics,
    cluster,
  }
  jobs.register({
    name: 'prune idempotency keys',
    run: async (now) => {
      await pruneIdempotencyKeys(ctx, now)
    },
  })
  jobs.register(signInPruneJob(ctx.db))
  registerGameJobs(ctx)
  jobs.register(authorScoresJob(ctx.db))
  // Opening before settling: a pass after a long pause opens and settles the missed polls at once.
  jobs.register(pollOpeningJob(ctx))
  jobs.register(pollSettlementJob(ctx))
  // After evaluation and settlement: rankings add up what they decided; a pass that ends a week then
  // awards it with its last results.
  jobs.register(rankingDaysJob(ctx))
  jobs.register(weeklyTrophiesJob(ctx))
  jobs.register(eventPrizeJob(ctx))
  // After the fold: a day's closeout waits until its rankings are final.
  jobs.register(dailyCloseoutJob(ctx))
  if (config.bots) jobs.register(botsJob(ctx))
  // Rankings add up ranking_days: catch up with what was decided while no server ran.
  await foldRankingDays(ctx, clock.now()).catch((err) => log.error({ err }, 'folding ranking days failed'))
  return ctx
}

/** One registered route: what the route fuzz test walks, so a route added later is covered without a list. */
export interface RouteInfo {
  method: string
  url: string
  schema?: FastifySchema
}

const routeLists = new WeakMap<FastifyInstance, RouteInfo[]>()

/** Every route `buildApp` registered on the app, in registration order (HEAD twins of GET routes included). */
export function routesOf(app: FastifyInstance): readonly RouteInfo[] {
  return routeLists.get(app) ?? []
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
    frameworkErrors: frameworkErrorReply,
    clientErrorHandler: clientErrorReply,
  })
  const routes: RouteInfo[] = []
  routeLists.set(app, routes)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema })
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // A request still in flight when close begins is answered with `Connection: close`: otherwise its
  // keep-alive socket, idle only after close() swept the idle ones, holds shutdown for keepAliveTimeout.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
    // the game's time (a test clock moves it, the Date header would not follow): the client's clock
    reply.header('x-server-time', String(ctx.clock.now()))
  })

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'"],
        // the installable app: /sw.js (vite-plugin-pwa) and /manifest.webmanifest, same origin only
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
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
  registerUrlLengthLimit(app)
  registerCsrfDefence(app, ctx.config.appOrigin, [oneClickUnsubscribePath])
  // Before the route plugins: each keeps the error handler in force when it was registered.
  registerErrorHandling(app, await registerSpa(app, ctx.config.staticDir))
  // After the SPA (compressed at build time), before every other route: JSON answers over 1 KB.
  await registerCompression(app)
  await registerOpenApi(app, ctx, appVersion)
  registerMetrics(app, ctx)

  await app.register(healthRoutes, { ctx })
  await app.register(announcementsRoutes, { ctx })
  await app.register(authRoutes, { ctx })
  await app.register(oauthRoutes, { ctx })
  await app.register(usersRoutes, { ctx })
  await app.register(skillRoutes, { ctx })
  await app.register(invitationsRoutes, { ctx })
  await app.register(mailUnsubscribeRoutes, { ctx })
  await app.register(marketRoutes, { ctx })
  await app.register(predictionsRoutes, { ctx })
  await app.register(transactionsRoutes, { ctx })
  await app.register(groupsRoutes, { ctx })
  await app.register(pollsRoutes, { ctx })
  await app.register(rankingsRoutes, { ctx })
  await app.register(authorsRoutes, { ctx })
  await app.register(crowdRoutes, { ctx })
  await app.register(exportRoutes, { ctx })
  await app.register(bankRoutes, { ctx })
  await app.register(stateRoutes, { ctx })
  await app.register(clientErrorsRoutes, { ctx })
  await app.register(pushRoutes, { ctx })
  await app.register(realtimePlugin, { ctx })
  if (ctx.config.testClock && ctx.clock instanceof AdjustableClock) {
    await app.register(testClockRoutes, { clock: ctx.clock, jobs: ctx.jobs, shared: ctx.cluster?.testClock })
  }

  app.addHook('onClose', async () => {
    await ctx.jobs.stop()
    ctx.market.stop()
    ctx.mailer.close()
    await ctx.cluster?.close()
    await ctx.db.destroy()
  })
  return app
}
