import type { Server as HttpServer } from 'node:http'
import { Server } from 'socket.io'
import { realtimeLimits, realtimePath } from '../../src/api/realtime'
import type { AppContext } from '../context'
import { authorizeHandler } from './authorize'
import { AuthorizedSockets } from './authorized-sockets'
import { clusterAdapter } from './cluster-adapter'
import { FanOutAdapter } from './fan-out-adapter'
import { guardAgainstFloods } from './flood-guard'
import { pushGroupChanges } from './group-push'
import { gateHandshakes, handshakeRefusal } from './handshake-gate'
import { pushMarket } from './market-push'
import { isAllowedOrigin } from './origin'
import { cutOffSlowReaders } from './slow-readers'
import { subscribeHandler } from './subscribe'
import type { RealtimeIo, RealtimeSocket } from './types'
import { trackUpgradedConnections } from './upgraded-connections'

function disconnectUnauthorized(socket: RealtimeSocket): void {
  if (socket.data.userId === undefined) socket.disconnect(true)
}

export interface RealtimeServer {
  io: RealtimeIo
  sockets: AuthorizedSockets
  /** Stops the pushes and closes every socket (clients see a transport close and reconnect later). */
  close(): Promise<void>
}

export interface RealtimeOptions {
  /** @default realtimeLimits.authorizeTimeoutMs */
  authorizeTimeoutMs?: number
}

/**
 * The realtime channel on the app's HTTP server: socket.io over WebSocket only, hardened per the OWASP
 * WebSocket cheat sheet (Origin and protocol revision checked before any upgrade, small frames, a packet
 * rate limit, sockets bound to sessions). No connection state recovery: a reconnecting client authorizes
 * again.
 */
export function createRealtimeServer(
  ctx: AppContext,
  httpServer: HttpServer,
  options: RealtimeOptions = {},
): RealtimeServer {
  let closing = false
  const { cluster } = ctx
  const io: RealtimeIo = new Server(httpServer, {
    path: realtimePath,
    transports: ['websocket'],
    serveClient: false,
    // One process: the in-memory adapter with the lean fan-out. A cluster: socket.io's Redis adapter
    // (with the same fan-out for what each process pushes to its own sockets).
    adapter: cluster
      ? clusterAdapter(cluster.bus.adapterClients, { key: `${cluster.bus.prefix}socket.io` })
      : FanOutAdapter,
    allowEIO3: false,
    perMessageDeflate: false,
    httpCompression: false,
    maxHttpBufferSize: realtimeLimits.maxPayloadBytes,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    connectTimeout: realtimeLimits.connectTimeoutMs,
    // Read per handshake: tests learn their origin only after listening. The gate below answered a
    // foreign Origin already (with a 403, where engine.io would say 400): checked again all the same.
    allowRequest: (request, done) =>
      done(null, !closing && isAllowedOrigin(request.headers, ctx.config.appOrigin)),
  })
  gateHandshakes(httpServer, io.path(), (request) => handshakeRefusal(request, ctx.config.appOrigin))
  const sockets = new AuthorizedSockets(ctx)
  const authorizeTimeoutMs = options.authorizeTimeoutMs ?? realtimeLimits.authorizeTimeoutMs
  guardAgainstFloods(io, ctx.log)
  // before the request is dropped below: it ties engine.io's connection to its TCP socket
  cutOffSlowReaders(io, httpServer, ctx.log)
  // socket.io's memory advice: the upgrade request (headers and all) would live as long as the socket.
  io.engine.on('connection', (connection: { request: unknown }) => {
    connection.request = null
  })

  const onAuthorize = authorizeHandler(ctx, sockets)
  const onSubscribe = subscribeHandler(ctx.market)
  function onDisconnect(this: RealtimeSocket) {
    clearTimeout(this.data.authorizeDeadline)
    sockets.forget(this)
  }
  io.on('connection', (socket: RealtimeSocket) => {
    socket.data = { authorizeCalls: 0, failedAuthorizations: 0 }
    socket.data.authorizeDeadline = setTimeout(disconnectUnauthorized, authorizeTimeoutMs, socket)
    socket.on('authorize', onAuthorize)
    socket.on('subscribe title ticks', onSubscribe)
    socket.on('disconnect', onDisconnect)
  })

  ctx.metrics.readSockets(() => io.engine.clientsCount)
  const stopPushing = pushMarket(io, ctx.market, {
    clustered: cluster !== undefined,
    delivered: (count) => ctx.metrics.ticksDelivered.inc(count),
  })
  const stopGroupPushes = pushGroupChanges(io, ctx.events)
  const endSessions = (userId: number) => {
    void sockets.endSessions(userId)
    // The user's sockets on the other processes of a cluster must close too.
    if (cluster) io.serverSideEmit('sessions-ended', userId)
  }
  ctx.events.on('sessions-ended', endSessions)
  if (cluster) {
    io.on('sessions-ended', (userId: unknown) => {
      if (Number.isSafeInteger(userId)) void sockets.endSessions(userId as number)
    })
  }
  const upgraded = trackUpgradedConnections(httpServer)

  return {
    io,
    sockets,
    async close() {
      if (closing) return
      closing = true
      stopPushing()
      stopGroupPushes()
      ctx.events.off('sessions-ended', endSessions)
      io.engine.close()
      await upgraded.closeAll(1000)
      // The Redis adapter's subscriptions: the cluster's connections close after this.
      if (cluster) await io.of('/').adapter.close()
    },
  }
}
