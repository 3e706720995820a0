import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/** A reading of the database pool (one SQLite connection behind a mutex, or the PostgreSQL pool). */
export interface PoolReading {
  /** connections handed out to a query or a transaction */
  inUse: number
  /** callers queued for a connection */
  waiting: number
}

/** What players do that an operator counts (`game_actions_total`); bots are not counted. */
export type GameAction = 'signup' | 'sign_in' | 'prediction' | 'bet' | 'group_created'

/** The community's size, read from the database at each scrape. */
export interface PlayerCounts {
  /** accounts of people (the bots left out), suspended ones too */
  players: number
  /** players with a session seen in the last 24 hours */
  active: number
}

/** What one server process tells Prometheus; `render` is the text of `GET /metrics`. */
export interface AppMetrics {
  readonly httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>
  /** by `game_job`, not `job`: Prometheus gives every scraped series a `job` label of its own */
  readonly jobRunDuration: Histogram<'game_job'>
  /** passes of a job that threw (the runner goes on with the next job, and the job's next pass) */
  readonly jobFailures: Counter<'game_job'>
  /** time a transaction waited for its connection (see pool-wait.ts) */
  readonly poolWait: Histogram
  readonly ticksDelivered: Counter
  /** web push messages to players' browsers, by what the push service answered */
  readonly pushMessages: Counter<'result'>
  /** mails (confirmations, resets, news, closeouts), by whether the mailer took them */
  readonly mailMessages: Counter<'result'>
  /** where the pool gauges read from (set once the database is connected) */
  readPool(reading: () => PoolReading | undefined): void
  /** where the socket gauge reads from (set once the realtime server runs) */
  readSockets(count: () => number): void
  /** players' actions, each counted once it is committed (a replayed answer is not counted again) */
  readonly gameActions: Counter<'action'>
  /** where the player gauges read from (set once the database is connected) */
  readPlayers(count: () => Promise<PlayerCounts>): void
  readonly contentType: string
  render(): Promise<string>
}

let processRegistry: Registry | undefined

/**
 * Node's own metrics (event-loop lag, GC, memory, CPU) describe the process, not one app: they are
 * collected once per process, so the many apps a test process builds do not each add an event-loop
 * monitor and a GC observer that would never be removed.
 */
function nodeMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

// Requests are answered in milliseconds; the upper buckets catch the stalls an operator looks for.
const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10]

export function createMetrics(): AppMetrics {
  const registry = new Registry()
  const registers = [registry]
  let pool: () => PoolReading | undefined = () => undefined
  let sockets: () => number = () => 0
  let players: (() => Promise<PlayerCounts>) | undefined
  new Gauge({
    name: 'db_pool_connections_in_use',
    help: 'Database connections handed out to a query or a transaction',
    registers,
    collect() {
      this.set(pool()?.inUse ?? 0)
    },
  })
  new Gauge({
    name: 'db_pool_waiting',
    help: 'Callers queued for a database connection',
    registers,
    collect() {
      this.set(pool()?.waiting ?? 0)
    },
  })
  new Gauge({
    name: 'realtime_sockets_connected',
    help: 'Realtime (socket.io) connections of this process',
    registers,
    collect() {
      this.set(sockets())
    },
  })
  new Gauge({
    name: 'game_players',
    help: 'Players by scope: all (accounts of people, the bots left out) and active_24h (a session seen in the last 24 hours); read from the database, so the same on every process of a cluster',
    labelNames: ['scope'],
    registers,
    async collect() {
      // a database that does not answer leaves the gauge out of this scrape, not the whole page
      const counts = await players?.().catch(() => undefined)
      if (!counts) return
      this.set({ scope: 'all' }, counts.players)
      this.set({ scope: 'active_24h' }, counts.active)
    },
  })
  return {
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to its answer, by route (the route pattern, not the path) and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: latencyBuckets,
      registers,
    }),
    jobRunDuration: new Histogram({
      name: 'job_run_duration_seconds',
      help: 'Run time of one pass of a periodic game job',
      labelNames: ['game_job'],
      buckets: latencyBuckets,
      registers,
    }),
    jobFailures: new Counter({
      name: 'job_failures_total',
      help: 'Passes of a periodic game job that failed (each is retried on the next pass; the log says why)',
      labelNames: ['game_job'],
      registers,
    }),
    poolWait: new Histogram({
      name: 'db_pool_wait_seconds',
      help: 'Time a transaction waited for a database connection (and its BEGIN)',
      buckets: [0.0001, 0.0005, ...latencyBuckets],
      registers,
    }),
    ticksDelivered: new Counter({
      name: 'realtime_ticks_delivered_total',
      help: 'Price ticks written to sockets (one per watching socket)',
      registers,
    }),
    pushMessages: new Counter({
      name: 'push_messages_total',
      help: 'Web push messages to browsers by result: sent (the push service took it), gone (404 or 410, or a service no longer allowed: the browser is forgotten), failed',
      labelNames: ['result'],
      registers,
    }),
    mailMessages: new Counter({
      name: 'mail_messages_total',
      help: 'Mails by result: sent (the SMTP server, or the outbox file without one, took it), failed',
      labelNames: ['result'],
      registers,
    }),
    gameActions: new Counter({
      name: 'game_actions_total',
      help: "Players' actions by kind: signup, sign_in (sessions started, a sign-up's too), prediction, bet, group_created",
      labelNames: ['action'],
      registers,
    }),
    readPool(reading) {
      pool = reading
    },
    readPlayers(count) {
      players = count
    },
    readSockets(count) {
      sockets = count
    },
    contentType: registry.contentType,
    render: () => Registry.merge([nodeMetrics(), registry]).metrics(),
  }
}
