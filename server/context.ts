import type { EventEmitter } from 'node:events'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from './clock'
import type { Cluster } from './cluster/cluster'
import type { Config } from './config'
import type { Db } from './db/database'
import type { JobRunner } from './jobs/job-runner'
import type { Mailer } from './mail/mailer'
import type { MarketSource } from './market/source'
import type { AppMetrics } from './metrics/metrics'

/** What happens on the server that other parts react to (the realtime channel drops sockets on 'sessions-ended'). */
export interface AppEvents {
  'sessions-ended': [userId: number]
}

/** What every route plugin and service works with; built once in main.ts, swapped in tests. */
export interface AppContext {
  config: Config
  db: Db
  clock: Clock
  mailer: Mailer
  log: FastifyBaseLogger
  events: EventEmitter<AppEvents>
  /** prices, history, fundamentals and messages (the simulation unless a provider is configured) */
  market: MarketSource
  /** periodic game work on the server clock */
  jobs: JobRunner
  /** what `GET /metrics` tells Prometheus */
  metrics: AppMetrics
  /** set when this process is one of several (REDIS_URL): see server/cluster/cluster.ts */
  cluster?: Cluster
}
