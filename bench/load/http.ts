import { Agent, request } from 'node:http'
import { gunzipSync } from 'node:zlib'

export interface Reply {
  status: number
  /** the bytes as they came (gzip when the server gzipped them): decoded only when read */
  bytes: Buffer
  gzipped: boolean
  etag: string | undefined
  setCookie: string[]
}

/** The answer's text; most answers are only counted, so only the few that are read pay for it. */
export function textOf(reply: Reply): string {
  return (reply.gzipped ? gunzipSync(reply.bytes) : reply.bytes).toString('utf8')
}

/**
 * A keep-alive HTTP/1.1 client of one server process, shared by the players of one worker, sending
 * what the SPA sends on every call (`x-app-version`, a same-origin `Origin`). Plain node:http: cheaper
 * per request than fetch, so the load generator stays small beside the servers.
 */
export class HttpTarget {
  readonly #agent = new Agent({ keepAlive: true, maxSockets: 256 })

  constructor(
    readonly url: string,
    readonly port: number,
    readonly timeoutMs: number,
  ) {}

  call(
    method: 'GET' | 'POST',
    path: string,
    cookie: string | undefined,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: this.#agent,
          headers: {
            'x-app-version': 'bench',
            origin: this.url,
            ...(cookie ? { cookie } : {}),
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            clearTimeout(timer)
            resolve({
              status: res.statusCode ?? 0,
              bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks),
              gzipped: res.headers['content-encoding'] === 'gzip',
              etag: res.headers.etag,
              setCookie: res.headers['set-cookie'] ?? [],
            })
          })
          res.on('error', (error) => {
            clearTimeout(timer)
            reject(error)
          })
        },
      )
      const timer = setTimeout(() => req.destroy(new Error('timeout')), this.timeoutMs)
      req.on('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      req.end(payload)
    })
  }

  close(): void {
    this.#agent.destroy()
  }
}

/** The `name=value` pairs of Set-Cookie lines, as a Cookie header. */
export function cookieHeader(setCookie: string[]): string {
  return setCookie
    .map((line) => line.split(';')[0]?.trim() ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ')
}
