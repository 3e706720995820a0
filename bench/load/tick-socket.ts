import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { FrameReader, maskedTextFrame } from '../ticks/ws-frames'

/**
 * One player's realtime channel on a raw TCP socket, as bench/ticks' clients do it: just enough
 * WebSocket and Engine.IO / Socket.IO to connect, `authorize` with the player's websocket credentials
 * and `subscribe title ticks`, then it answers heartbeats and counts ticks (with their delay). No client
 * library, so the load generator stays cheap. A closed socket reconnects after a second or two, as the
 * app's socket actor does.
 */

const setupTimeoutMs = 20_000
const tickPrefix = '42["tick",'

export interface TickSink {
  /** called for each tick with its delay in ms (receipt minus the tick's server time) */
  tick(delayMs: number): void
}

export class TickSocket {
  ready = false
  /** ticks since the last `resetWindow` */
  windowTicks = 0
  closes = 0
  #socket?: Socket
  #stopped = false

  constructor(
    readonly port: number,
    readonly credentials: string,
    readonly titleIds: number[],
    readonly clockOffsetMs: number,
    readonly sink: TickSink,
  ) {}

  /** Resolves once authorized and subscribed; rejects when the first setup fails. */
  open(): Promise<void> {
    return new Promise((resolve, reject) => this.#connect(resolve, reject))
  }

  stop(): void {
    this.#stopped = true
    this.#socket?.destroy()
  }

  #connect(resolve?: () => void, reject?: (error: Error) => void): void {
    const socket = connect(this.port, '127.0.0.1')
    this.#socket = socket
    socket.setNoDelay(true)
    let settled = false
    const succeed = () => {
      settled = true
      clearTimeout(timer)
      this.ready = true
      resolve?.()
    }
    const fail = (reason: string) => {
      if (!settled) {
        settled = true
        clearTimeout(timer)
        reject?.(new Error(reason))
      }
      socket.destroy()
    }
    const timer = setTimeout(() => fail('socket setup timed out'), setupTimeoutMs)
    const send = (text: string) => socket.write(maskedTextFrame(text))
    const onFrame = (data: Buffer, start: number, end: number, opcode: number) => {
      if (opcode === 8) return fail('closed by the server')
      if (data.toString('latin1', start, start + tickPrefix.length) === tickPrefix) {
        this.windowTicks += 1
        // a tick ends with its time: ...,"t":1763000000000}]
        const at = data.lastIndexOf('"t":', end)
        if (at > start) {
          const t = Number(data.toString('latin1', at + 4, end - 2))
          if (Number.isFinite(t)) this.sink.tick(Date.now() + this.clockOffsetMs - t)
        }
        return
      }
      if (data[start] === 0x32 && end - start === 1) return void send('3') // ping '2' -> pong '3'
      if (settled) return
      const text = data.toString('utf8', start, end)
      if (text.startsWith('0')) send('40')
      else if (text.startsWith('40'))
        send(`420${JSON.stringify(['authorize', { credentials: this.credentials, fingerprint: 'bench' }])}`)
      else if (text === '430[true]') send(`421${JSON.stringify(['subscribe title ticks', this.titleIds])}`)
      else if (text.startsWith('431[{')) succeed()
      else if (text.startsWith('430') || text.startsWith('431')) fail(`refused: ${text.slice(0, 120)}`)
      // anything else during setup (a pushed message) is ignored
    }
    const reader = new FrameReader(onFrame)
    let head = Buffer.alloc(0)
    let upgraded = false
    socket.on('data', (chunk: Buffer) => {
      if (upgraded) return reader.push(chunk)
      head = Buffer.concat([head, chunk])
      const end = head.indexOf('\r\n\r\n')
      if (end < 0) return
      if (!head.toString('latin1', 0, 12).includes('101')) return fail(head.toString('latin1', 0, end))
      upgraded = true
      if (end + 4 < head.length) reader.push(head.subarray(end + 4))
    })
    socket.on('error', (error) => fail(error.message))
    socket.on('close', () => {
      const wasReady = this.ready
      this.ready = false
      fail('connection closed')
      if (wasReady) this.closes += 1
      // reconnect (also after a failed first setup once the caller has been told): 1 to 2 s later
      if (!this.#stopped && (wasReady || settled))
        setTimeout(() => !this.#stopped && this.#connect(), 1000 + Math.random() * 1000).unref()
    })
    socket.write(
      [
        'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1',
        `Host: 127.0.0.1:${this.port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        `Origin: http://127.0.0.1:${this.port}`,
        '',
        '',
      ].join('\r\n'),
    )
  }
}
