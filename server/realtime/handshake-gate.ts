import { type Server as HttpServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { isAllowedOrigin } from './origin'

/** Why a handshake is refused, as the app's error answers say it. */
export interface HandshakeRefusal {
  status: 400 | 403
  code: string
  message: string
}

/** The one Engine.IO protocol revision the server speaks (`allowEIO3: false`). */
const engineProtocol = '4'

/**
 * The refusal of a request to the realtime path, or undefined to hand it to socket.io: a foreign Origin
 * (`isAllowedOrigin`) is a 403, an Engine.IO revision other than 4 (engine.io takes any `EIO` but `4`
 * for 3) a 400.
 */
export function handshakeRefusal(request: IncomingMessage, appOrigin: string): HandshakeRefusal | undefined {
  if (!isAllowedOrigin(request.headers, appOrigin)) {
    return { status: 403, code: 'cross_origin', message: 'Cross-origin requests are not allowed.' }
  }
  const query = (request.url ?? '').split('?')[1] ?? ''
  const versions = new URLSearchParams(query).getAll('EIO')
  if (versions.length !== 1 || versions[0] !== engineProtocol) {
    return {
      status: 400,
      code: 'unsupported_protocol_version',
      message: `Only Engine.IO protocol ${engineProtocol} (socket.io 3 and later) is supported.`,
    }
  }
  return undefined
}

function answerOf(refusal: HandshakeRefusal): { head: Record<string, string | number>; body: string } {
  const body = JSON.stringify({ error: { code: refusal.code, message: refusal.message } })
  return {
    head: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      connection: 'close',
    },
    body,
  }
}

function refuseUpgrade(socket: Duplex, refusal: HandshakeRefusal): void {
  const { head, body } = answerOf(refusal)
  const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}\r\n`)
  socket.on('error', () => {}) // the client may be gone already: nothing to tell it
  if (!socket.writable) {
    socket.destroy()
    return
  }
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n${lines.join('')}\r\n${body}`,
    () => socket.destroy(),
  )
}

/**
 * Answers the handshakes that socket.io must not take, before it sees them. engine.io refuses at the
 * handshake's end what it should refuse at its start: an `EIO=3` WebSocket handshake gets
 * `101 Switching Protocols` and then an HTTP 400 written into the upgraded stream, and every refused
 * upgrade (a foreign Origin from `allowRequest` too) is a 400. Here a refused request gets a plain HTTP
 * answer and never an upgrade: 403 for a foreign Origin, 400 for another protocol revision, over
 * long-polling requests and WebSocket upgrades alike.
 *
 * Call it right after socket.io attached to `server`: it wraps the `request` and `upgrade` listeners
 * there are then (engine.io's, which hand what is not theirs on to Fastify), and tests the path as
 * engine.io does (`path` with its trailing slash, a prefix of the raw target).
 */
export function gateHandshakes(
  server: HttpServer,
  path: string,
  refusal: (request: IncomingMessage) => HandshakeRefusal | undefined,
): void {
  const prefix = `${path.replace(/\/$/, '')}/`
  const refusalOf = (request: IncomingMessage) =>
    (request.url ?? '').startsWith(prefix) ? refusal(request) : undefined

  const requestListeners = server.listeners('request') as ((...args: unknown[]) => void)[]
  server.removeAllListeners('request')
  server.on('request', function (this: HttpServer, request: IncomingMessage, response: ServerResponse) {
    const refused = refusalOf(request)
    if (refused) {
      const { head, body } = answerOf(refused)
      response.writeHead(refused.status, head).end(body)
      return
    }
    for (const listener of requestListeners) listener.call(this, request, response)
  })

  const upgradeListeners = server.listeners('upgrade') as ((...args: unknown[]) => void)[]
  server.removeAllListeners('upgrade')
  server.on('upgrade', function (this: HttpServer, request: IncomingMessage, socket: Duplex, head: Buffer) {
    const refused = refusalOf(request)
    if (refused) {
      refuseUpgrade(socket, refused)
      return
    }
    for (const listener of upgradeListeners) listener.call(this, request, socket, head)
  })
}
