import type { Server as HttpServer, IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import type { RealtimeIo, RealtimeSocket } from './types'

/**
 * A connection holding this much output that the kernel has not taken is not reading (ticks are ~85
 * bytes): it is cut off instead of buffering for it without bound.
 */
export const maxBufferedBytes = 128 * 1024

type Connection = RealtimeSocket['conn']

/** What engine.io's `packetCreate` event carries: one Engine.IO packet about to be queued. */
interface EnginePacket {
  data?: string | ArrayBuffer | ArrayBufferView
}

interface Watched {
  /** the TCP socket under the connection's WebSocket */
  tcp: Duplex
  /** bytes of the packets engine.io has queued but not yet handed to the WebSocket */
  queued: number
}

function byteLengthOf(data: EnginePacket['data']): number {
  if (data === undefined) return 0
  return typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength
}

/**
 * The slow-reader cut-off for everything engine.io writes itself (acknowledgements, direct emits,
 * heartbeats, and the broadcasts that cannot take the fan-out's fast path, which checks its own).
 * A client that stops reading blocks engine.io's transport: the WebSocket waits for the TCP write
 * to complete, and engine.io keeps every later packet in its own queue meanwhile. So before each
 * packet is queued, that queue (counted from engine.io's public `packetCreate` and `flush` events)
 * and what the TCP socket still holds (`writableLength`) are weighed against `maxBufferedBytes`;
 * past it the TCP socket is destroyed (socket.io then sees a transport close).
 *
 * The TCP socket comes from the HTTP server's `upgrade` event, matched to engine.io's connection by
 * its upgrade request (`connection.request`): the channel is WebSocket only, so the request that
 * opened a connection is its upgrade. Install this before anything drops `connection.request`.
 */
export function cutOffSlowReaders(io: RealtimeIo, httpServer: HttpServer, log: FastifyBaseLogger): void {
  const upgrades = new WeakMap<IncomingMessage, Duplex>()
  const watched = new WeakMap<Connection, Watched>()
  // first in line: known before engine.io, which listens to the same event, can open the connection
  httpServer.prependListener('upgrade', (request: IncomingMessage, tcp: Duplex) => {
    upgrades.set(request, tcp)
  })

  function onPacketCreate(this: Connection, packet: EnginePacket): void {
    const watch = watched.get(this)
    if (!watch) return
    watch.queued += byteLengthOf(packet.data)
    if (watch.queued + watch.tcp.writableLength <= maxBufferedBytes) return
    watched.delete(this)
    log.warn({ remoteAddress: this.remoteAddress }, 'socket stopped reading: cut off')
    watch.tcp.destroy()
  }
  // engine.io hands its whole queue to the WebSocket at once, which writes it to the TCP socket
  function onFlush(this: Connection): void {
    const watch = watched.get(this)
    if (watch) watch.queued = 0
  }

  io.engine.on('connection', (connection: Connection) => {
    const tcp = upgrades.get(connection.request)
    if (!tcp) return
    watched.set(connection, { tcp, queued: 0 })
    connection.on('packetCreate', onPacketCreate)
    connection.on('flush', onFlush)
  })
}
