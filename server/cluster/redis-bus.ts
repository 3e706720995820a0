import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import type { Unsubscribe } from '../market/source'

/**
 * The Redis side of a cluster: one connection for commands and publishes, one in subscriber mode for
 * the cluster's channels, and a pair for socket.io's Redis adapter. Every key and channel starts with
 * the prefix (ALPHA_REDIS_PREFIX), so several clusters, or test runs, can share one Redis.
 */
export interface RedisBus {
  readonly prefix: string
  /** commands (GET, INCRBY) and publishes */
  readonly redis: Redis
  /** the socket.io Redis adapter's publishing and subscribing connections */
  readonly adapterClients: { pub: Redis; sub: Redis }
  /** Publishes on `prefix + channel`; a failure is logged (pushes are best effort, like socket.io's). */
  publish(channel: string, payload: string): void
  /** Listens on `prefix + channel`; resolves once Redis confirmed the subscription. */
  subscribe(channel: string, listener: (payload: string) => void): Promise<Unsubscribe>
  close(): Promise<void>
}

function connection(url: string, name: string, log: FastifyBaseLogger): Redis {
  // Commands wait while Redis is away (reconnecting every 100 ms up to 2 s) instead of failing at once.
  const redis = new Redis(url, {
    lazyConnect: true,
    connectionName: name,
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
  })
  let lastWarned = 0
  redis.on('error', (err) => {
    // One line per connection and 10 s, not one per reconnect attempt.
    if (Date.now() - lastWarned < 10_000) return
    lastWarned = Date.now()
    log.warn({ err, connection: name }, 'redis connection error')
  })
  return redis
}

/** Connects to REDIS_URL; rejects when Redis cannot be reached, so a misconfigured process stops at start. */
export async function connectRedisBus(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<RedisBus> {
  const redis = connection(url, 'alpha-commands', log)
  const subscriber = connection(url, 'alpha-subscriber', log)
  const pub = connection(url, 'alpha-socket.io-pub', log)
  const sub = connection(url, 'alpha-socket.io-sub', log)
  const all = [redis, subscriber, pub, sub]
  try {
    await Promise.all(all.map((client) => client.connect()))
  } catch (error) {
    for (const client of all) client.disconnect()
    throw new Error(`REDIS_URL: cannot connect to Redis: ${(error as Error).message}`, { cause: error })
  }
  const listeners = new Map<string, Set<(payload: string) => void>>()
  subscriber.on('message', (channel: string, payload: string) => {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(payload)
      } catch (err) {
        log.error({ err, channel }, 'cluster channel listener failed')
      }
    }
  })
  let closed = false
  return {
    prefix,
    redis,
    adapterClients: { pub, sub },
    publish(channel, payload) {
      if (closed) return
      redis.publish(prefix + channel, payload).catch((err) => {
        log.warn({ err, channel }, 'publishing to the cluster failed')
      })
    },
    async subscribe(channel, listener) {
      const name = prefix + channel
      let set = listeners.get(name)
      if (!set) {
        set = new Set()
        listeners.set(name, set)
        await subscriber.subscribe(name)
      }
      set.add(listener)
      return () => {
        const current = listeners.get(name)
        current?.delete(listener)
        if (current?.size === 0) {
          listeners.delete(name)
          if (!closed) subscriber.unsubscribe(name).catch(() => undefined)
        }
      }
    },
    async close() {
      if (closed) return
      closed = true
      await Promise.all(all.map((client) => client.quit().catch(() => client.disconnect())))
    },
  }
}
