import type { FastifyInstance } from 'fastify'

/**
 * The longest address a request may have. Node takes up to 16 KB of headers, request line included;
 * an answer that repeats the address (a redirect's Location) would then be more than a client takes.
 * No route of ours needs a query of more than a few hundred characters.
 */
export const maxUrlLength = 8192

/** Refuses a longer address with 414 in the error shape, before any route sees it. */
export function registerUrlLengthLimit(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if ((request.raw.url ?? '').length <= maxUrlLength) return
    return reply.code(414).send({ error: { code: 'uri_too_long', message: 'The address is too long.' } })
  })
}
