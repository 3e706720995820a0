import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type WebSocket, WebSocketServer } from 'ws'
import { instruments } from '../../server/market/universe'
import type { ServerReady } from './protocol'
import { driveTicks } from './tick-driver'

/**
 * The baseline: a plain ws server. A client sends {"subscribe": [ids]} once; each tick's JSON is built
 * once and sent to the clients subscribed to its title. No authorization, no heartbeat, no limits.
 * BENCH_WS_BATCHED=1 also corks each TCP socket for the rest of the round, as our server does, for a
 * like-for-like comparison of the write coalescing.
 */
type Corkable = WebSocket & { _socket: { cork(): void; uncork(): void; writableCorked: number } }

const batched = process.env.BENCH_WS_BATCHED === '1'
const corked: Corkable[] = []
const uncorkAll = () => {
  for (const socket of corked) socket._socket.uncork()
  corked.length = 0
}

function send(socket: WebSocket, json: string): void {
  if (batched) {
    const raw = (socket as Corkable)._socket
    if (raw.writableCorked === 0) {
      raw.cork()
      if (corked.push(socket as Corkable) === 1) queueMicrotask(uncorkAll)
    }
  }
  socket.send(json)
}

function main(): void {
  const titleIds = instruments.map((instrument) => instrument.id)
  const known = new Set(titleIds)
  const rooms = new Map<number, Set<WebSocket>>(titleIds.map((id) => [id, new Set()]))
  const server = createServer()
  const wss = new WebSocketServer({ server, perMessageDeflate: false, maxPayload: 16 * 1024 })
  wss.on('connection', (socket) => {
    const joined: number[] = []
    socket.on('message', (data) => {
      const { subscribe } = JSON.parse(String(data)) as { subscribe: number[] }
      for (const id of subscribe) {
        if (!known.has(id)) continue
        rooms.get(id)?.add(socket)
        joined.push(id)
      }
      socket.send(JSON.stringify({ subscribed: joined.length }))
    })
    socket.on('close', () => {
      for (const id of joined) rooms.get(id)?.delete(socket)
    })
  })
  server.listen(0, '127.0.0.1', () => {
    driveTicks(titleIds, (tick) => {
      const room = rooms.get(tick.id)
      if (!room?.size) return
      const json = JSON.stringify(tick)
      for (const socket of room) send(socket, json)
    })
    const ready: ServerReady = {
      type: 'ready',
      port: (server.address() as AddressInfo).port,
      credentials: '',
      titleIds,
    }
    process.send?.(ready)
  })
}

main()
