import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { type SocialProvider, socialProviders } from '../src/api/oauth'
import type { ProviderAuth } from '../src/api/provider/auth'
import { defaultPoolSize } from './db/connect'
import { instrumentById } from './market/universe'

/** OAuth client credentials of one social sign-in provider; the provider is offered only when both are set. */
export interface OAuthClientConfig {
  clientId: string
  clientSecret: string
  /** Overrides the provider's endpoints (tests point it at a local OAuth 2.0 server). */
  endpointsBase?: string
}

/** The market-data provider; when configured, the server's market comes from it instead of the simulation. */
export interface ProviderConfig {
  /** PROVIDER_URL: the provider's versioned base URL */
  baseUrl: string
  /**
   * PROVIDER_USERNAME + PROVIDER_PASSWORD (basic), PROVIDER_API_KEY (+ PROVIDER_API_KEY_HEADER, default
   * x-api-key) or PROVIDER_TOKEN (bearer): exactly one of them
   */
  auth: ProviderAuth
  /** PROVIDER_POLL_INTERVAL_MS: time between two rounds of quotes. @default 5000 */
  pollIntervalMs: number
  /** PROVIDER_MESSAGE_POLL_INTERVAL_MS: time between two fetches of new messages. @default 15000 */
  messagePollIntervalMs: number
}

export const oauthProviders = socialProviders
export type OAuthProviderName = SocialProvider

/** Everything the server reads from its environment, parsed once at start. */
export interface Config {
  /** TCP port of the HTTP and socket server. @default 8080 */
  port: number
  /** Interface to bind. @default '0.0.0.0' */
  host: string
  /** Public origin of the app, used for links in mails, OAuth redirects and the same-origin checks. @default `http://localhost:${port}` */
  appOrigin: string
  /** PostgreSQL connection string; SQLite under dataDir when absent. */
  databaseUrl?: string
  /**
   * DATABASE_POOL_SIZE: PostgreSQL connections this process opens at most. Every process of a cluster
   * opens its own: their sum should stay within what the server's cores serve well. @default defaultPoolSize (10)
   */
  databasePoolSize: number
  /**
   * REDIS_URL: several server processes on one PostgreSQL share ticks, messages and socket events
   * through this Redis; one of them publishes the market. Needs DATABASE_URL.
   */
  redisUrl?: string
  /** ALPHA_REDIS_PREFIX: prefix of every Redis key and channel, so clusters can share a Redis. @default 'alpha:' */
  redisPrefix: string
  /** Folder for the SQLite database, the secret key, the mail outbox and uploads. @default './data' */
  dataDir: string
  /** nodemailer SMTP URL; when absent mail is appended to `${dataDir}/outbox.log`. */
  smtpUrl?: string
  /** Sender of every mail. @default 'Alpha <no-reply@localhost>' */
  mailFrom: string
  /** IANA zone of the game calendar (poll times, weeks). @default 'Europe/Berlin' */
  timeZone: string
  /** HMAC key for signed links; generated into `${dataDir}/secret.key` when absent. */
  secret: Buffer
  /** Enables `POST /v1/test/clock`. @default false */
  testClock: boolean
  /** Simulated players. @default true */
  bots: boolean
  /** scrypt cost as log2(N); 17 in production, lower only for tests. @default 17 */
  scryptLogN: number
  /** Where the built SPA lives. @default './dist' */
  staticDir: string
  /** Sign-in, sign-up and reset limits; `false` turns them off (only tests do). */
  rateLimits: boolean
  /** Social sign-in providers that have a client id and secret. */
  oauth: Partial<Record<OAuthProviderName, OAuthClientConfig>>
  /** pino level. @default 'info' */
  logLevel: string
  /** Seed of the simulated market: same seed, same prices and messages. @default 'alpha' */
  marketSeed: string
  /** Time between two tick rounds of the simulated market. @default 1000 */
  tickIntervalMs: number
  /** Mean time between two messages of the simulated stream. @default 20000 */
  messageIntervalMs: number
  /** Set when PROVIDER_URL is: the market then comes from the provider. */
  provider?: ProviderConfig
  /** ALPHA_POLL_TITLES: ids of the titles that get polls. @default Apple, Tesla, Bitcoin, DAX, S&P 500 */
  pollTitles: number[]
  /** ALPHA_POLL_FLAT_BAND: a move within ±this fraction of priceBase ends a poll flat. @default 0.001 */
  pollFlatBand: number
  /** METRICS_TOKEN: bearer token that lets callers off this machine read `GET /metrics`; loopback only without it. */
  metricsToken?: string
  /** ALPHA_INVITES_OPEN_PER_PLAYER: open invitation links a player may hold at once (0: players invite nobody). @default 5 */
  invitesOpenPerPlayer: number
  /** ALPHA_INVITE_DAYS: how many days a player's new invitation link stays open. @default 14 */
  inviteDays: number
  /**
   * ALPHA_STATE_ANSWERS_KEPT: state answers kept in memory for the players who asked last (about 15 KB
   * each); the others still get 304 while nothing they see changed. @default 500
   */
  stateAnswersKept: number
  /**
   * PUSH_ENDPOINT_ORIGINS: comma-separated origins of the push services a browser's subscription may
   * name (`*.` matches any subdomain); the server posts to no other address. @default defaultPushEndpointOrigins
   */
  pushEndpointOrigins: readonly string[]
}

/**
 * The push services of today's browsers: Chrome's and Edge's (FCM, WNS), Firefox's (Mozilla autopush)
 * and Safari's (Apple).
 */
export const defaultPushEndpointOrigins = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://*.push.apple.com',
] as const

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))

/** The game calendar's zone when ALPHA_TIME_ZONE is unset. */
export const defaultTimeZone = 'Europe/Berlin'

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  APP_ORIGIN: z.url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(defaultPoolSize),
  REDIS_URL: z.string().min(1).optional(),
  ALPHA_REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .default('alpha:'),
  ALPHA_DATA_DIR: z.string().default('./data'),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().default('Alpha <no-reply@localhost>'),
  ALPHA_TIME_ZONE: z.string().default(defaultTimeZone),
  ALPHA_SECRET: z.string().min(32).optional(),
  ALPHA_TEST_CLOCK: flag.default(false),
  ALPHA_BOTS: flag.default(true),
  ALPHA_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  ALPHA_STATIC_DIR: z.string().default('./dist'),
  ALPHA_RATE_LIMITS: flag.default(true),
  ALPHA_MARKET_SEED: z.string().min(1).default('alpha'),
  ALPHA_TICK_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  ALPHA_MESSAGE_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(20_000),
  PROVIDER_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  PROVIDER_MESSAGE_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  ALPHA_POLL_TITLES: z.string().default('2494,2793,99979,1000004,1000000'),
  ALPHA_POLL_FLAT_BAND: z.coerce.number().min(0).max(0.5).default(0.001),
  METRICS_TOKEN: z.string().min(16).optional(),
  ALPHA_INVITES_OPEN_PER_PLAYER: z.coerce.number().int().min(0).max(1000).default(5),
  ALPHA_INVITE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  ALPHA_STATE_ANSWERS_KEPT: z.coerce.number().int().min(0).max(1_000_000).default(500),
  PUSH_ENDPOINT_ORIGINS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

function readOAuth(env: NodeJS.ProcessEnv): Config['oauth'] {
  const result: Config['oauth'] = {}
  for (const name of oauthProviders) {
    const prefix = `OAUTH_${name.toUpperCase()}`
    const clientId = env[`${prefix}_CLIENT_ID`]
    const clientSecret = env[`${prefix}_CLIENT_SECRET`]
    if (clientId && clientSecret) {
      result[name] = { clientId, clientSecret, endpointsBase: env[`${prefix}_ENDPOINTS_BASE`] || undefined }
    }
  }
  return result
}

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** The provider settings, or undefined without PROVIDER_URL; empty variables count as unset. */
function readProvider(env: NodeJS.ProcessEnv, intervals: Omit<ProviderConfig, 'baseUrl' | 'auth'>) {
  const read = (name: string) => env[name] || undefined
  const url = read('PROVIDER_URL')
  const username = read('PROVIDER_USERNAME')
  const password = read('PROVIDER_PASSWORD')
  const key = read('PROVIDER_API_KEY')
  const header = read('PROVIDER_API_KEY_HEADER')
  const token = read('PROVIDER_TOKEN')
  const kinds = [username || password ? 'basic' : '', key ? 'apiKey' : '', token ? 'token' : '']
  const given = kinds.filter(Boolean)
  if (!url) {
    if (given.length > 0 || header) throw new ConfigError('PROVIDER_*: credentials without PROVIDER_URL')
    return undefined
  }
  let base: URL
  try {
    base = new URL(url)
  } catch {
    throw new ConfigError(`PROVIDER_URL: not a URL: ${url}`)
  }
  if (!/^https?:$/.test(base.protocol) || base.search || base.hash)
    throw new ConfigError('PROVIDER_URL: an http(s) base URL without query or fragment')
  if (given.length !== 1)
    throw new ConfigError(
      'PROVIDER_URL needs exactly one kind of credentials: PROVIDER_USERNAME and PROVIDER_PASSWORD, PROVIDER_API_KEY or PROVIDER_TOKEN',
    )
  if (header && !key) throw new ConfigError('PROVIDER_API_KEY_HEADER: set without PROVIDER_API_KEY')
  if (header && !headerName.test(header)) throw new ConfigError('PROVIDER_API_KEY_HEADER: not a header name')
  let auth: ProviderAuth
  if (key) auth = { type: 'apiKey', key, ...(header ? { header: header.toLowerCase() } : {}) }
  else if (token) auth = { type: 'token', token }
  else {
    if (!username || !password)
      throw new ConfigError('PROVIDER_USERNAME and PROVIDER_PASSWORD: basic auth needs both')
    if (username.includes(':')) throw new ConfigError('PROVIDER_USERNAME: cannot contain a colon')
    auth = { type: 'basic', username, password }
  }
  return { baseUrl: base.href.replace(/\/+$/, ''), auth, ...intervals }
}

/** The HMAC key must survive restarts, or every mailed link breaks: keep a generated one in the data folder. */
function loadSecret(explicit: string | undefined, dataDir: string): Buffer {
  if (explicit) return Buffer.from(explicit, 'utf8')
  const file = join(dataDir, 'secret.key')
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
  mkdirSync(dataDir, { recursive: true })
  const key = randomBytes(32)
  writeFileSync(file, key.toString('base64'), { mode: 0o600 })
  return key
}

export class ConfigError extends Error {}

function invalidConfiguration(error: z.ZodError): ConfigError {
  const lines = error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
  return new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
}

/** Comma-separated origins (scheme, host, port if any), each host possibly `*.` and a domain. */
function readPushEndpointOrigins(value: string | undefined): readonly string[] {
  if (value === undefined) return defaultPushEndpointOrigins
  const origins = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  for (const origin of origins) {
    if (!/^https?:\/\/(\*\.)?[\w.-]+(:\d{1,5})?$/.test(origin))
      throw new ConfigError(`PUSH_ENDPOINT_ORIGINS: not an origin: ${origin}`)
  }
  return origins
}

/** Comma-separated title ids of the universe, each once. */
function readPollTitles(value: string): number[] {
  const ids = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (ids.length === 0) throw new ConfigError('ALPHA_POLL_TITLES: name at least one title id')
  for (const id of ids) {
    if (!/^\d{1,9}$/.test(id) || !instrumentById(Number(id)))
      throw new ConfigError(`ALPHA_POLL_TITLES: unknown title id ${id}`)
  }
  return [...new Set(ids.map(Number))]
}

/**
 * Only where the database is (DATABASE_URL, ALPHA_DATA_DIR), read as loadConfig reads them: for the
 * operator commands that must not touch the data folder otherwise (loadConfig writes a secret key
 * into it when ALPHA_SECRET is unset).
 */
export function loadDatabaseLocation(
  env: NodeJS.ProcessEnv = process.env,
): Pick<Config, 'databaseUrl' | 'dataDir'> {
  const parsed = envSchema.pick({ DATABASE_URL: true, ALPHA_DATA_DIR: true }).safeParse(env)
  if (!parsed.success) throw invalidConfiguration(parsed.error)
  return { databaseUrl: parsed.data.DATABASE_URL, dataDir: resolve(parsed.data.ALPHA_DATA_DIR) }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) throw invalidConfiguration(parsed.error)
  const e = parsed.data
  if (!validTimeZone(e.ALPHA_TIME_ZONE))
    throw new ConfigError(`ALPHA_TIME_ZONE: unknown zone ${e.ALPHA_TIME_ZONE}`)
  if (e.REDIS_URL && !e.DATABASE_URL)
    throw new ConfigError('REDIS_URL: several processes need one PostgreSQL; set DATABASE_URL too')
  if (e.REDIS_URL && !/^rediss?:\/\//.test(e.REDIS_URL))
    throw new ConfigError('REDIS_URL: a redis:// or rediss:// URL')
  const dataDir = resolve(e.ALPHA_DATA_DIR)
  return {
    port: e.PORT,
    host: e.HOST,
    appOrigin: (e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.ALPHA_REDIS_PREFIX,
    dataDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    timeZone: e.ALPHA_TIME_ZONE,
    secret: loadSecret(e.ALPHA_SECRET, dataDir),
    testClock: e.ALPHA_TEST_CLOCK,
    bots: e.ALPHA_BOTS,
    scryptLogN: e.ALPHA_SCRYPT_LOG_N,
    staticDir: resolve(e.ALPHA_STATIC_DIR),
    rateLimits: e.ALPHA_RATE_LIMITS,
    oauth: readOAuth(env),
    logLevel: e.LOG_LEVEL,
    marketSeed: e.ALPHA_MARKET_SEED,
    tickIntervalMs: e.ALPHA_TICK_INTERVAL_MS,
    messageIntervalMs: e.ALPHA_MESSAGE_INTERVAL_MS,
    provider: readProvider(env, {
      pollIntervalMs: e.PROVIDER_POLL_INTERVAL_MS,
      messagePollIntervalMs: e.PROVIDER_MESSAGE_POLL_INTERVAL_MS,
    }),
    pollTitles: readPollTitles(e.ALPHA_POLL_TITLES),
    pollFlatBand: e.ALPHA_POLL_FLAT_BAND,
    metricsToken: e.METRICS_TOKEN,
    invitesOpenPerPlayer: e.ALPHA_INVITES_OPEN_PER_PLAYER,
    inviteDays: e.ALPHA_INVITE_DAYS,
    stateAnswersKept: e.ALPHA_STATE_ANSWERS_KEPT,
    pushEndpointOrigins: readPushEndpointOrigins(e.PUSH_ENDPOINT_ORIGINS),
  }
}
