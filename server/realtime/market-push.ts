import type { MarketSource, Unsubscribe } from '../market/source'
import { authorizedRoom, titleRoom } from './rooms'
import type { RealtimeIo } from './types'

export interface PushOptions {
  /** the broadcasts stay on this process (each process of a cluster pushes the market to its own sockets) */
  clustered?: boolean
  /** told how many sockets each tick went to (the metrics' ticks delivered) */
  delivered?: (sockets: number) => void
}

/**
 * Pushes the market to the sockets: each tick to its title's room, each message to every authorized
 * socket. A broadcast is encoded once (socket.io's adapter builds one WebSocket frame and writes it to
 * each socket of the room); titles nobody watches are not encoded at all.
 */
export function pushMarket(io: RealtimeIo, market: MarketSource, options: PushOptions = {}): Unsubscribe {
  const { clustered = false, delivered = () => {} } = options
  const rooms = io.of('/').adapter.rooms
  // In a cluster every process gets the market from the market channel and pushes to its own sockets.
  const to = clustered ? io.local : io
  const stopTicks = market.onTick((tick) => {
    const room = titleRoom(tick.id)
    const watchers = rooms.get(room)?.size
    if (!watchers) return
    delivered(watchers)
    const pushed = { id: tick.id, a: tick.a, b: tick.b, l: tick.l, s: tick.s || 'sp', t: tick.t }
    // the previous close (ours, added) goes along where the source knows it
    to.to(room).emit('tick', tick.pc === undefined ? pushed : { ...pushed, pc: tick.pc })
  })
  const stopMessages = market.onMessage((message) => {
    if (!rooms.get(authorizedRoom)?.size) return
    to.to(authorizedRoom).emit('message', { type: 'tweets', ...message })
  })
  return () => {
    stopTicks()
    stopMessages()
  }
}
