import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the server saw it. */
export interface RecordedRequest {
  readonly method: string
  /** the raw path as sent, still percent-encoded, without the query */
  readonly path: string
  /** the raw query string without '?', still encoded ('' when there is none) */
  readonly search: string
  /** the decoded query; a repeated name gives a list */
  readonly query: Record<string, string | string[]>
  /** lower-case names, as node:http gives them */
  readonly headers: IncomingHttpHeaders
  /** the raw body ('' when there is none) */
  readonly rawBody: string
  /** the raw body's bytes (an encrypted push message is not text) */
  readonly rawBytes: Buffer
  /** the body parsed as JSON when the content type says JSON, else the raw text; undefined when empty */
  readonly body: unknown
}

/** One canned answer. */
export interface CannedResponse {
  /** @default 200 */
  readonly status?: number
  /** sent as JSON unless it is a string (then text/plain) */
  readonly body?: unknown
  readonly headers?: Readonly<Record<string, string>>
  /** close the connection without answering (the client sees a network error) */
  readonly destroy?: boolean
  /** wait this long before answering (for timeouts) */
  readonly delayMs?: number
}

export type Responder = (request: RecordedRequest) => CannedResponse

export interface RecordingServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  /** every request received, in order */
  readonly requests: RecordedRequest[]
  /**
   * Answers requests matching `route` ('METHOD /raw/path' or '/raw/path' for any method) with the
   * given answers in turn; the last one keeps answering. Replaces earlier answers of that route.
   */
  reply(route: string, ...answers: (CannedResponse | Responder)[]): void
  /** forgets the recorded requests and the canned answers (back to echo) */
  reset(): void
  close(): Promise<void>
}

/** Without a canned answer: 200 with the request as JSON. */
const echo: Responder = (request) => ({ body: request })

function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {}
  for (const [key, value] of new URLSearchParams(search)) {
    const seen = query[key]
    query[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value]
  }
  return query
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * A local HTTP server on 127.0.0.1 and a random port that records each request and answers with canned
 * JSON, configurable per route (default: echo the recorded request). For provider-client tests and for
 * a stand-in provider with canned market data.
 */
export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = []
  const routes = new Map<string, (CannedResponse | Responder)[]>()

  const answerFor = (recorded: RecordedRequest): CannedResponse => {
    const queue = routes.get(`${recorded.method} ${recorded.path}`) ?? routes.get(recorded.path)
    const next = queue && (queue.length > 1 ? queue.shift() : queue[0])
    if (next === undefined) return echo(recorded)
    return typeof next === 'function' ? next(recorded) : next
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const target = request.url ?? '/'
    const at = target.indexOf('?')
    const search = at === -1 ? '' : target.slice(at + 1)
    const rawBytes = await readBody(request)
    const rawBody = rawBytes.toString('utf8')
    const isJson = /\bjson\b/i.test(request.headers['content-type'] ?? '')
    let body: unknown = rawBody === '' ? undefined : rawBody
    if (isJson && rawBody !== '') {
      try {
        body = JSON.parse(rawBody)
      } catch {
        body = rawBody
      }
    }
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: at === -1 ? target : target.slice(0, at),
      search,
      query: parseQuery(search),
      headers: request.headers,
      rawBody,
      rawBytes,
      body,
    }
    requests.push(recorded)
    const answer = answerFor(recorded)
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs))
    if (response.destroyed) return
    if (answer.destroy) {
      request.socket.destroy()
      return
    }
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null)
    const contentType = typeof answer.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json'
    response.writeHead(answer.status ?? 200, { 'content-type': contentType, ...answer.headers })
    response.end(text)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' })
      response.end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(route, ...answers) {
      routes.set(route, [...answers])
    },
    reset() {
      requests.length = 0
      routes.clear()
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    },
  }
}
