import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ApiErrorBody } from '../../src/api/errors'
import { Refusal } from '../refusal'
import { AppError } from './app-error'
import { refusalStatus } from './refusal-status'

function body(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } }
}

/** A status's name as an error code, for an error that has none: 416 → `range_not_satisfiable`. */
function codeOfStatus(status: number): string {
  return (STATUS_CODES[status] ?? 'Bad Request').toLowerCase().replace(/[^a-z0-9]+/g, '_')
}

/**
 * Fastify's router answers a malformed URL (bad percent-encoding) or an over-long path parameter itself,
 * before any route or error handler runs; this option of `Fastify()` gives those answers our shape too.
 */
export function frameworkErrorReply(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400
  if (status >= 500) reply.status(status).send(body('internal_error', 'Oops! Something went wrong'))
  else reply.status(status).send(body(error.code.toLowerCase(), error.message))
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (request line or headers over 16 KB,
 * malformed HTTP): Fastify's default answer to those has another shape, this `clientErrorHandler` ours.
 */
export function clientErrorReply(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The address or the headers of the request are too long.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long.']
        : [400, 'bad_request', 'Malformed request.']
  const text = JSON.stringify(body(code, message))
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    )
  }
  socket.destroy(error)
}

/**
 * Every failure leaves as `{ error: { code, message, fields? } }`. Bad input is a 4xx with the text
 * of the first bad field; anything unexpected is logged and answered with a 500 that reveals nothing.
 * Call it before any route plugin is registered: a plugin keeps the error handler it was registered under.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  fallback: (request: FastifyRequest, reply: FastifyReply) => boolean = () => false,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds))
      return reply.status(refusalStatus[error.code]).send(body(error.code, error.message, error.fields))
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers)
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {}
      for (const issue of error.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body')
        fields[path] ??= issue.message ?? 'Invalid value'
      }
      const first = Object.values(fields)[0] ?? 'Invalid request'
      return reply.status(400).send(body('validation_failed', first, fields))
    }
    const status = error.statusCode ?? 500
    if (status === 429) {
      return reply
        .status(429)
        .send(body('rate_limited', 'Too many requests. Please wait a moment and try again.'))
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (unparsable JSON, wrong content type, body too large) and a plugin's: the
      // headers that come with the error are part of the answer, as Fastify's own handler sends them
      // (@fastify/static's 416 for an unsatisfiable Range names the file's length in Content-Range).
      const { headers } = error as { headers?: Record<string, string | number | string[]> }
      if (headers && typeof headers === 'object') reply.headers(headers)
      const code = error.code?.toLowerCase() ?? codeOfStatus(status)
      return reply.status(status).send(body(code, error.message))
    }
    request.log.error({ err: error }, 'request failed')
    return reply.status(500).send(body('internal_error', 'Oops! Something went wrong'))
  })

  app.setNotFoundHandler((request, reply) => {
    if (fallback(request, reply)) return
    reply.status(404).send(body('not_found', `No route ${request.method} ${request.url.split('?')[0]}`))
  })
}
