import type { FastifyBaseLogger } from 'fastify'
import { AdjustableClock, type Clock } from '../clock'
import type { Config } from '../config'
import type { MarketSource } from '../market/source'
import { ClusterMarket } from './cluster-market'
import { PublisherElection } from './publisher-election'
import { connectRedisBus, type RedisBus } from './redis-bus'
import { type SharedTestClock, shareTestClock } from './shared-test-clock'

/**
 * This process's membership of a cluster (REDIS_URL set): several server processes on one PostgreSQL
 * (DESIGN.md §6). What it adds:
 * - the market: one publisher, elected by a PostgreSQL advisory lock, publishes ticks and messages on
 *   a Redis channel; every process pushes them to its own sockets (ClusterMarket);
 * - the periodic jobs run on the publisher alone, so the other processes' event loops and pools serve
 *   requests only (the jobs stay idempotent: a deposed publisher's last pass may overlap the next's);
 * - socket events across processes: socket.io's Redis adapter (server/realtime/cluster-adapter.ts);
 * - with ALPHA_TEST_CLOCK=1, one test clock for all processes (shared-test-clock.ts).
 */
export interface Cluster {
  bus: RedisBus
  /** set with ALPHA_TEST_CLOCK=1 */
  testClock?: SharedTestClock
  /** Wraps the process's market source: publisher election and the market channel. */
  market(local: MarketSource): ClusterMarket
  /** This process is the elected publisher: it runs the periodic jobs. */
  runsJobs(): boolean
  /** Gives the publisher lock up and closes the Redis connections (after the realtime server closed). */
  close(): Promise<void>
}

export async function joinCluster(parts: {
  config: Config & { redisUrl: string; databaseUrl: string }
  clock: Clock
  log: FastifyBaseLogger
}): Promise<Cluster> {
  const { config, clock, log } = parts
  const bus = await connectRedisBus(config.redisUrl, config.redisPrefix, log)
  const testClock =
    config.testClock && clock instanceof AdjustableClock ? await shareTestClock(clock, bus) : undefined
  const markets: ClusterMarket[] = []
  return {
    bus,
    testClock,
    market(local) {
      const market = new ClusterMarket(local, {
        bus,
        log,
        election: ({ publish, unpublish }) =>
          new PublisherElection({
            databaseUrl: config.databaseUrl,
            log,
            onElected: publish,
            onDeposed: unpublish,
          }),
      })
      markets.push(market)
      return market
    },
    runsJobs: () => markets.some((market) => market.publishing),
    async close() {
      await Promise.all(markets.map((market) => market.close()))
      testClock?.close()
      await bus.close()
    },
  }
}
