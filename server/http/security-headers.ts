import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

type Headers = Record<string, string>

/**
 * helmet's headers for `options`, worked out once. They do not depend on the request (no CSP nonces
 * here), and building helmet's middleware per request, as @fastify/helmet does, cost about a tenth of the
 * server's CPU on the write routes (bench/engine profile).
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Headers> {
  const headers: Headers = {}
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  let failure: unknown
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error
  })
  if (failure) throw failure
  return headers
}

/** Sends helmet's headers for `options` with every answer: routes, not-found, errors, the SPA. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options)
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
}
