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

/** A change of a group, committed: the players whose group lists it altered hear of it on their sockets. */
export interface GroupChange {
  readonly groupId: number
  readonly userIds: readonly number[]
}

/**
 * What happens on the server that other parts react to: the realtime channel drops sockets on
 * 'sessions-ended' and tells the players of 'groups-changed'.
 */
export interface AppEvents {
  'sessions-ended': [userId: number]
  'groups-changed': [change: GroupChange]
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
