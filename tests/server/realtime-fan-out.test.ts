import { createServer, type Server as HttpServer } from 'node:http'
import { type AddressInfo, Socket as TcpSocket } from 'node:net'
import { Server, type ServerOptions, type Socket as ServerSocket } from 'socket.io'
import { io as connectClient, type Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { FanOutAdapter } from '../../server/realtime/fan-out-adapter'
import { maxBufferedBytes } from '../../server/realtime/slow-readers'
import { connectStalledReader } from '../support/stalled-reader'

/** Uncorks two sockets per macrotask, so that a few clients show the slices. */
class TwoPerSlice extends FanOutAdapter {
  static override uncorkSlice = 2
}

/** A socket.io server with FanOutAdapter on 127.0.0.1, WebSocket only, and its URL. */
async function listeningServer(
  options: Partial<ServerOptions>,
  adapter: typeof FanOutAdapter = FanOutAdapter,
): Promise<{ io: Server; url: string }> {
  const httpServer: HttpServer = createServer()
  const io = new Server(httpServer, { transports: ['websocket'], adapter, ...options })
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
  return { io, url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}` }
}

function connectTo(url: string): Socket {
  return connectClient(url, { transports: ['websocket'], forceNew: true, reconnection: false })
}

/** FanOutAdapter on a bare socket.io server: broadcasts reach exactly whom socket.io's stock adapter would. */
describe('FanOutAdapter', () => {
  let io: Server
  let url: string
  const clients: Socket[] = []

  beforeAll(async () => {
    ;({ io, url } = await listeningServer({ perMessageDeflate: false }))
    io.on('connection', (socket) => {
      socket.on('join', (rooms: string[], ack: () => void) => {
        socket.join(rooms)
        ack()
      })
    })
  })
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect()
  })
  afterAll(async () => {
    await io.close()
  })

  async function client(rooms: string[]): Promise<{ socket: Socket; seen: unknown[] }> {
    const socket = connectTo(url)
    clients.push(socket)
    const seen: unknown[] = []
    socket.on('news', (value: unknown) => seen.push(value))
    await socket.timeout(5000).emitWithAck('join', rooms)
    return { socket, seen }
  }

  async function settle(...sockets: Socket[]): Promise<void> {
    await Promise.all(sockets.map((socket) => socket.timeout(5000).emitWithAck('join', [])))
  }

  it('sends to one room, several rooms once each, everybody, and honours except', async () => {
    const a = await client(['red'])
    const b = await client(['red', 'blue'])
    const c = await client(['blue'])
    const d = await client([])
    io.to('red').emit('news', 1)
    io.to(['red', 'blue']).emit('news', 2)
    io.to(['red', 'blue']).except('blue').emit('news', 3)
    io.emit('news', 4)
    io.except('red').emit('news', 5)
    await settle(a.socket, b.socket, c.socket, d.socket)
    expect(a.seen).toEqual([1, 2, 3, 4])
    expect(b.seen).toEqual([1, 2, 4])
    expect(c.seen).toEqual([2, 4, 5])
    expect(d.seen).toEqual([4, 5])
  })

  it('keeps the order of each socket across rounds, and sends binary payloads the stock way', async () => {
    const a = await client(['red'])
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 50; i += 1) io.to('red').emit('news', round * 50 + i)
      await new Promise((resolve) => setImmediate(resolve))
    }
    io.to('red').emit('news', Buffer.from([1, 2, 3]))
    await settle(a.socket)
    expect(a.seen.slice(0, 150)).toEqual(Array.from({ length: 150 }, (_, i) => i))
    expect(new Uint8Array(a.seen[150] as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]))
  })

  it('cuts off a client that stops reading instead of buffering for it', async () => {
    const joined = new Promise<ServerSocket>((resolve) => io.once('connection', resolve))
    const stalled = connectStalledReader(Number(new URL(url).port))
    const slow = await joined
    slow.join('slow')
    let done = false
    const closed = new Promise<string>((resolve) => slow.once('disconnect', resolve)).then((reason) => {
      done = true
      return reason
    })
    const payload = 'x'.repeat(maxBufferedBytes / 4)
    let rounds = 0
    while (!done && rounds < 400) {
      for (let i = 0; i < 8; i += 1) io.to('slow').emit('news', payload)
      rounds += 1
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(done, `still connected after ${rounds} rounds of ${8 * payload.length} bytes`).toBe(true)
    expect(await closed).toMatch(/^transport (close|error)$/)
    stalled.destroy()
  })
})

/**
 * A round's sockets are uncorked a slice at a time: what else the event loop has to do (a request that
 * arrived meanwhile) runs between the slices, not after every socket's write.
 */
describe('FanOutAdapter uncorking a round', () => {
  let io: Server
  let url: string
  const clients: Socket[] = []

  beforeAll(async () => {
    ;({ io, url } = await listeningServer({ perMessageDeflate: false }, TwoPerSlice))
    io.on('connection', (socket) => {
      socket.on('join', (room: string, ack: () => void) => {
        socket.join(room)
        ack()
      })
    })
  })
  afterAll(async () => {
    for (const client of clients) client.disconnect()
    await io.close()
  })

  it('uncorks the sockets in slices with the loop turning between them, and every client gets the round', async () => {
    const seen: unknown[][] = []
    for (let i = 0; i < 5; i += 1) {
      const client = connectTo(url)
      clients.push(client)
      const received: unknown[] = []
      seen.push(received)
      client.on('news', (value: unknown) => received.push(value))
      await client.timeout(5000).emitWithAck('join', 'round')
    }
    const order: string[] = []
    const original = TcpSocket.prototype.uncork
    const uncork = vi.spyOn(TcpSocket.prototype, 'uncork').mockImplementation(function (this: TcpSocket) {
      order.push('uncork')
      original.call(this)
    })
    try {
      io.to('round').emit('news', 1)
      io.to('round').emit('news', 2)
      setImmediate(() => order.push('loop'))
      await new Promise((resolve) => setTimeout(resolve, 50))
    } finally {
      uncork.mockRestore()
    }
    expect(order).toEqual(['uncork', 'uncork', 'loop', 'uncork', 'uncork', 'uncork'])
    await Promise.all(clients.map((client) => client.timeout(5000).emitWithAck('join', 'round')))
    for (const received of seen) expect(received).toEqual([1, 2])
  })
})

/**
 * With permessage-deflate ws compresses each message in turn and queues the ones behind it: a frame
 * written past that queue would overtake them, so such sockets take the stock path.
 */
describe('FanOutAdapter with permessage-deflate', () => {
  let io: Server
  let url: string
  let client: Socket | undefined
  const answer = 'a compressible acknowledgement, '.repeat(100)
  const broadcasts = 20

  beforeAll(async () => {
    ;({ io, url } = await listeningServer({ perMessageDeflate: true }))
    io.on('connection', (socket) => {
      socket.on('subscribe', (room: string, ack: (answer: string) => void) => {
        socket.join(room)
        ack(answer)
        for (let i = 0; i < broadcasts; i += 1) io.to(room).emit('news', i)
      })
      socket.on('settle', (ack: () => void) => ack())
    })
  })
  afterAll(async () => {
    client?.disconnect()
    await io.close()
  })

  it('sends the broadcasts after the compressed acknowledgement that preceded them', async () => {
    client = connectTo(url)
    const seen: unknown[] = []
    client.on('news', (value: unknown) => seen.push(value))
    await new Promise<void>((resolve) =>
      client?.emit('subscribe', 'red', (value: string) => {
        seen.push(value === answer ? 'ack' : value)
        resolve()
      }),
    )
    await client.timeout(5000).emitWithAck('settle')
    expect(seen).toEqual(['ack', ...Array.from({ length: broadcasts }, (_, i) => i)])
  })
})
