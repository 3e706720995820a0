import { Adapter, type BroadcastOptions } from 'socket.io-adapter'
import { maxBufferedBytes } from './slow-readers'

type Packet = Parameters<Adapter['broadcast']>[0]

/** The parts of ws's WebSocket the fast path uses (engine.io's websocket transport holds one). */
interface RawWebSocket {
  readyState: number
  /** public ws API: bytes queued in user space, not yet handed to the kernel */
  bufferedAmount: number
  /** public ws API: the extensions negotiated with the client, '' for none */
  extensions: string
  terminate(): void
  /** ws internal: writes ready-made frames to the TCP socket in order (what engine.io itself calls) */
  _sender: { sendFrame(frames: Buffer[], callback?: () => void): void }
  /** ws internal: the TCP socket */
  _socket: TcpSocket
}

interface TcpSocket {
  cork(): void
  uncork(): void
  writableCorked: number
}

interface EngineConnection {
  readyState: string
  transport: { name: string; socket?: unknown }
  /** engine.io internal: packets waiting for the transport; the fast path is taken only when empty */
  writeBuffer: unknown[]
  write(data: string, options: object): void
}

interface BroadcastTarget {
  conn: EngineConnection
  notifyOutgoingListeners?: (packet: Packet) => void
}

const open = 1

/**
 * Sockets uncorked per macrotask at the end of a round. Each uncork is one write system call (about
 * 15 µs): uncorking 2,000 players' sockets at once held the event loop for 15 to 60 ms every round,
 * and every request that arrived meanwhile waited. Between slices the loop takes its I/O.
 */
export const uncorkSlice = 200

/**
 * The connection's WebSocket when a frame may be written to it directly. Not when permessage-deflate
 * was negotiated: ws then queues every message behind the one being compressed, and a frame written
 * directly would overtake them (an acknowledgement sent just before a tick would arrive after it).
 */
function rawWebSocketOf(connection: EngineConnection, deflateOffered: boolean): RawWebSocket | undefined {
  if (connection.readyState !== 'open' || connection.transport.name !== 'websocket') return undefined
  if (connection.writeBuffer.length > 0) return undefined
  const socket = connection.transport.socket as Partial<RawWebSocket> | undefined
  if (socket?.readyState !== open || typeof socket._sender?.sendFrame !== 'function') return undefined
  if (typeof socket._socket?.cork !== 'function') return undefined
  // ws knows no extension but permessage-deflate; when the server offers none, none was negotiated
  if (deflateOffered && socket.extensions !== '') return undefined
  return socket as RawWebSocket
}

/** One unmasked, final WebSocket text frame, header and payload in one buffer: one write per socket. */
function textFrame(text: string): Buffer {
  const payloadLength = Buffer.byteLength(text)
  const headerLength = payloadLength < 126 ? 2 : payloadLength < 65_536 ? 4 : 10
  const frame = Buffer.allocUnsafe(headerLength + payloadLength)
  frame[0] = 0x81
  if (payloadLength < 126) frame[1] = payloadLength
  else if (payloadLength < 65_536) {
    frame[1] = 126
    frame.writeUInt16BE(payloadLength, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(payloadLength), 2)
  }
  frame.write(text, headerLength)
  return frame
}

/**
 * socket.io's in-memory adapter with a leaner fan-out. The stock adapter already encodes a broadcast
 * once, but then hands it to every socket through engine.io's per-packet machinery (a packet object,
 * six events, a write callback, a corked two-part write). Here the Engine.IO message is framed once
 * per broadcast and written as one buffer straight to each socket's WebSocket, in order after anything
 * engine.io has already sent; a socket with packets still queued in engine.io, on another transport, or
 * with permessage-deflate, takes the stock path.
 *
 * The market emits its ticks in rounds, synchronously: each TCP socket written to is corked until the
 * round's code has run (a microtask), so a client gets the round's frames, still one message per tick,
 * in one write instead of one system call and one TCP segment each. The sockets are uncorked
 * `uncorkSlice` at a time, with the event loop's I/O between slices.
 *
 * A socket that stops reading (over `maxBufferedBytes` still unsent when a round starts) is
 * terminated instead of buffering without bound (`cutOffSlowReaders` does the same for the stock path).
 */
export class FanOutAdapter extends Adapter {
  /** sockets uncorked per macrotask; a subclass may take fewer (the tests do) */
  static uncorkSlice = uncorkSlice
  readonly #fanOut = new LocalFanOut(this, (this.constructor as typeof FanOutAdapter).uncorkSlice)

  override broadcast(packet: Packet, opts: BroadcastOptions): void {
    if (!this.#fanOut.broadcast(packet, opts)) super.broadcast(packet, opts)
  }
}

/**
 * The fan-out of `FanOutAdapter` over any adapter's local rooms and sockets (the cluster's Redis
 * adapter uses it for the broadcasts that stay on this process).
 */
export class LocalFanOut {
  /** sockets corked and not yet uncorked, in the order they were corked */
  readonly #corked: TcpSocket[] = []
  #uncorkPending = false
  /** whether the server offers permessage-deflate at all (if not, no socket can have negotiated it) */
  #deflateOffered: boolean | undefined
  readonly #uncorkNextSlice = () => {
    for (const socket of this.#corked.splice(0, this.sliceSize)) socket.uncork()
    if (this.#corked.length > 0) setImmediate(this.#uncorkNextSlice)
    else this.#uncorkPending = false
  }

  constructor(
    private readonly adapter: Adapter,
    private readonly sliceSize = uncorkSlice,
  ) {}

  /** Sends the packet to the local sockets; false when it must take the adapter's stock path instead. */
  broadcast(packet: Packet, opts: BroadcastOptions): boolean {
    const flags = opts.flags ?? {}
    if (flags.volatile || flags.compress) return false
    const nsp = this.adapter.nsp
    packet.nsp = nsp.name
    const encoded: unknown[] = nsp.server.encoder.encode(packet)
    const message = encoded[0]
    if (encoded.length !== 1 || typeof message !== 'string') return false
    const frame = [textFrame(`4${message}`)]
    const packetOptions = { preEncoded: true }
    const sockets: Map<string, BroadcastTarget> = nsp.sockets
    const except = this.#except(opts)
    const deflateOffered = this.#isDeflateOffered(nsp.server)
    for (const id of this.#ids(opts)) {
      if (except?.has(id)) continue
      const socket = sockets.get(id)
      if (!socket) continue
      socket.notifyOutgoingListeners?.(packet)
      const webSocket = rawWebSocketOf(socket.conn, deflateOffered)
      if (!webSocket) socket.conn.write(message, packetOptions)
      else if (this.#joinRound(webSocket)) webSocket._sender.sendFrame(frame)
    }
    return true
  }

  /** Read once the server is attached: its engine's options do not change. */
  #isDeflateOffered(server: { engine?: { opts: { perMessageDeflate?: unknown } } }): boolean {
    if (this.#deflateOffered === undefined && server.engine) {
      this.#deflateOffered = Boolean(server.engine.opts.perMessageDeflate)
    }
    return this.#deflateOffered ?? true
  }

  /**
   * Corks the socket for the rest of the round; false (and the socket terminated) when it still holds
   * more than `maxBufferedBytes` from earlier rounds.
   */
  #joinRound(webSocket: RawWebSocket): boolean {
    const socket = webSocket._socket
    if (socket.writableCorked > 0) return true
    if (webSocket.bufferedAmount > maxBufferedBytes) {
      webSocket.terminate()
      return false
    }
    socket.cork()
    this.#corked.push(socket)
    if (!this.#uncorkPending) {
      this.#uncorkPending = true
      queueMicrotask(this.#uncorkNextSlice)
    }
    return true
  }

  /** Ids of the sockets in any of `opts.rooms` (all when none), each once. */
  #ids(opts: BroadcastOptions): Iterable<string> {
    const { rooms, sids } = this.adapter
    if (opts.rooms.size === 0) return sids.keys()
    if (opts.rooms.size === 1) {
      for (const room of opts.rooms) return rooms.get(room) ?? []
    }
    const ids = new Set<string>()
    for (const room of opts.rooms) for (const id of rooms.get(room) ?? []) ids.add(id)
    return ids
  }

  #except(opts: BroadcastOptions): Set<string> | undefined {
    if (!opts.except?.size) return undefined
    const { rooms } = this.adapter
    const ids = new Set<string>()
    for (const room of opts.except) for (const id of rooms.get(room) ?? []) ids.add(id)
    return ids
  }
}
