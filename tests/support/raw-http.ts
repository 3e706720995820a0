import { connect } from 'node:net'

/** What came back on the wire for one raw request. */
export interface RawAnswer {
  /** the status of the first answer's status line */
  status: number
  /** the first answer's headers, names in lower case */
  headers: Record<string, string>
  /** the first answer's body as text (its Content-Length, else whatever came until the close) */
  body: string
  /** every byte that came back, as latin1 text: a second answer after a 101 would show here */
  text: string
}

/**
 * Sends `head` (request line and header lines, without the blank line that ends them) and `body` as they
 * are over a fresh TCP connection to the server of `serverUrl`, so the request target is exactly what a
 * test wrote: percent-encoded letters, an absolute-form target, an upgrade handshake. `fetch` and
 * `inject` normalize or refuse some of those. The answer is read until the server closes, or until the
 * first answer is complete; after a `101 Switching Protocols` it waits `afterUpgradeMs` for whatever
 * else comes, then hangs up.
 */
export function rawRequest(
  serverUrl: string,
  head: string,
  body = '',
  { timeoutMs = 5000, afterUpgradeMs = 200 } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(serverUrl)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let text = ''
    let settled = false
    const timer = setTimeout(() => finish(new Error(`no complete answer within ${timeoutMs} ms`)), timeoutMs)
    function finish(error?: Error): void {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      const parsed = error ? undefined : parse(text)
      if (parsed) resolve(parsed)
      else reject(error ?? new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`))
    }
    socket.setEncoding('latin1')
    socket.on('connect', () => socket.write(`${head}\r\n\r\n${body}`, 'latin1'))
    socket.on('data', (chunk: string) => {
      text += chunk
      const parsed = parse(text)
      if (!parsed) return
      if (parsed.status === 101) setTimeout(finish, afterUpgradeMs)
      else if (parsed.headers['content-length'] !== undefined) {
        if (Buffer.byteLength(parsed.body, 'latin1') >= Number(parsed.headers['content-length'])) finish()
      }
    })
    socket.on('close', () => finish())
    socket.on('error', (error) => (text ? finish() : finish(error)))
  })
}

function parse(text: string): RawAnswer | undefined {
  const end = text.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1])
  if (!status) return undefined
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const rest = text.slice(end + 4)
  const length = headers['content-length']
  return { status, headers, body: length === undefined ? rest : rest.slice(0, Number(length)), text }
}

/** The headers of a WebSocket upgrade handshake (RFC 6455 §4.1), as lines for `rawRequest`'s head. */
export const websocketHandshakeHeaders = [
  'Connection: Upgrade',
  'Upgrade: websocket',
  'Sec-WebSocket-Version: 13',
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
]
