import type { FastifyBaseLogger } from 'fastify'
import { realtimeLimits } from '../../src/api/realtime'
import { TokenBucket } from './token-bucket'
import type { RealtimeIo, RealtimeSocket } from './types'

type Connection = RealtimeSocket['conn']

/**
 * Counts every packet a connection sends (events, acks, namespace connects, heartbeats) against a token
 * bucket. A connection that empties it is flooding: its sockets are disconnected by the server (so the
 * client does not reconnect on its own) and the connection is closed.
 */
export function guardAgainstFloods(io: RealtimeIo, log: FastifyBaseLogger): void {
  const buckets = new WeakMap<Connection, TokenBucket | 'flooded'>()
  function onPacket(this: Connection): void {
    const bucket = buckets.get(this)
    if (bucket === undefined || bucket === 'flooded' || bucket.take()) return
    buckets.set(this, 'flooded')
    log.warn({ remoteAddress: this.remoteAddress }, 'socket flooded the server: disconnected')
    for (const socket of io.of('/').sockets.values()) {
      if (socket.conn === this) socket.disconnect(true)
    }
    this.close()
  }
  io.engine.on('connection', (connection: Connection) => {
    buckets.set(connection, new TokenBucket(realtimeLimits.packetsPerSecond, realtimeLimits.packetBurst))
    connection.on('packet', onPacket)
  })
}
