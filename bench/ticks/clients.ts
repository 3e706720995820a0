import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import type { ClientCommand, ClientReport, ServerKind } from './protocol'
import { subscriptionOf } from './protocol'
import { FrameReader, maskedTextFrame } from './ws-frames'

/**
 * A worker process holding many benchmark clients on raw TCP sockets: it speaks just enough WebSocket
 * and Engine.IO / Socket.IO to connect, authorize and subscribe, then only counts tick frames (and
 * answers heartbeats). No client library: the client side must not be what limits the measurement.
 */

const connectTimeoutMs = 20_000
const concurrency = 100
let ticks = 0
let closed = 0
const sockets: Socket[] = []

const ch = (text: string) => text.charCodeAt(0)
const [c4, c2, c0, bracket, t, open] = ['4', '2', '0', '[', 't', '{'].map(ch) as number[]

function upgradeRequest(kind: ServerKind, port: number): string {
  const path = kind === 'socketio' ? '/socket.io/?EIO=4&transport=websocket' : '/'
  return [
    `GET ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    `Origin: http://127.0.0.1:${port}`,
    '',
    '',
  ].join('\r\n')
}

function openClient(command: Extract<ClientCommand, { type: 'connect' }>, index: number): Promise<void> {
  const titles = subscriptionOf(index, command.titleIds, command.titlesPerClient)
  return new Promise((resolve, reject) => {
    const socket = connect(command.port, '127.0.0.1')
    sockets.push(socket)
    socket.setNoDelay(true)
    let ready = false
    const fail = (reason: string) => {
      if (ready) return
      ready = true
      clearTimeout(timer)
      socket.destroy()
      reject(new Error(reason))
    }
    const timer = setTimeout(() => fail('setup timed out'), connectTimeoutMs)
    const done = () => {
      ready = true
      clearTimeout(timer)
      resolve()
    }
    const send = (text: string) => socket.write(maskedTextFrame(text))
    const onFrame = (data: Buffer, start: number, end: number, opcode: number) => {
      if (opcode === 8) return fail('closed by the server')
      if (command.kind === 'ws') {
        if (ready) ticks += 1
        else if (data[start] === open && data.toString('latin1', start + 2, start + 12) === 'subscribed')
          done()
        return
      }
      const first = data[start]
      if (first === c4 && data[start + 1] === c2 && data[start + 2] === bracket && data[start + 4] === t) {
        ticks += 1
        return
      }
      if (first === c2 && end - start === 1) return void send('3')
      if (ready) return
      const text = data.toString('utf8', start, end)
      if (first === c0) send('40')
      else if (text.startsWith('40')) {
        send(
          `420${JSON.stringify(['authorize', { credentials: command.credentials, fingerprint: 'bench' }])}`,
        )
      } else if (text === '430[true]') send(`421${JSON.stringify(['subscribe title ticks', titles])}`)
      else if (text.startsWith('431[{')) done()
      else fail(`unexpected ${text.slice(0, 80)}`)
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
      if (command.kind === 'ws') send(JSON.stringify({ subscribe: titles }))
      if (end + 4 < head.length) reader.push(head.subarray(end + 4))
    })
    socket.on('error', (error) => fail(error.message))
    socket.on('close', () => {
      if (ready) closed += 1
      fail('connection closed')
    })
    socket.write(upgradeRequest(command.kind, command.port))
  })
}

async function connectAll(command: Extract<ClientCommand, { type: 'connect' }>): Promise<ClientReport> {
  let readyCount = 0
  let failed = 0
  let firstError: string | undefined
  for (let batch = 0; batch < command.count; batch += concurrency) {
    const size = Math.min(concurrency, command.count - batch)
    const results = await Promise.allSettled(
      Array.from({ length: size }, (_, i) => openClient(command, command.first + batch + i)),
    )
    for (const result of results) {
      if (result.status === 'fulfilled') readyCount += 1
      else {
        failed += 1
        firstError ??= String(result.reason)
      }
    }
  }
  return { type: 'connected', ready: readyCount, failed, firstError }
}

// the orchestrator is gone (killed, Ctrl-C): stop too
process.on('disconnect', () => process.exit(0))
process.on('message', (command: ClientCommand) => {
  if (command.type === 'connect') {
    connectAll(command).then((report) => process.send?.(report))
  } else if (command.type === 'count') {
    const cpu = process.cpuUsage()
    const report: ClientReport = { type: 'count', ticks, closed, cpuUser: cpu.user, cpuSystem: cpu.system }
    process.send?.(report)
  } else if (command.type === 'exit') {
    for (const socket of sockets) socket.destroy()
    process.exit(0)
  }
})
