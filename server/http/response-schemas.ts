import { z } from 'zod'
import { apiErrorSchema } from '../../src/api/errors'

/** What each 4xx status a route documents means; all answer with the shared error body. */
const errorMeanings = {
  400: 'Bad input: `fields` names each bad field.',
  401: 'Not signed in.',
  403: 'Not allowed; for a write also: no x-app-version header, or another origin.',
  404: 'No such thing.',
  406: 'None of the formats the Accept header asks for is offered.',
  409: 'Conflicts with the state of the game: done already, taken, closed or ended.',
  413: 'Too large.',
  415: 'Unsupported content type.',
  422: 'The Idempotency-Key was used for another request.',
  429: 'Too many requests: try again after Retry-After seconds.',
} as const

export type ErrorStatus = keyof typeof errorMeanings

/** The shared error body with each status's meaning: documented as a $ref to `ApiError` beside a description. */
const describedErrors = Object.fromEntries(
  Object.entries(errorMeanings).map(([status, meaning]) => [status, apiErrorSchema.describe(meaning)]),
) as Record<ErrorStatus, typeof apiErrorSchema>

/** `schema.response` entries for the error answers a route can give, e.g. `...errorResponses(400, 401)`. */
export function errorResponses<const S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, describedErrors[status]])) as Record<
    S,
    typeof apiErrorSchema
  >
}

/**
 * Route options for a large answer built by our own typed code (a ranking of every player, the signed-in
 * player with up to 1000 predictions): its schema documents it, JSON.stringify sends it. Zod's serializer
 * would check every row again on each request, for about a quarter more time than the stringify itself;
 * the contract test holds these answers to their schemas instead.
 */
export const sentAsPlainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) }

/**
 * A 204, or any answer without a body (`reply.send()`): documented as `type: 'null'`, which
 * @fastify/swagger turns into a response without content. Never serialized: Fastify sends no payload as it is.
 */
export const noContentSchema = z.undefined().describe('No content.')

/** A conditional GET whose `If-None-Match` names the current ETag: no body, the client keeps its copy. */
export const notModifiedSchema = z
  .undefined()
  .describe('Not modified: the ETag sent in If-None-Match is current.')

/**
 * A 302 of a browser navigation (social sign-in): no body, the next page in `Location`. The `headers`
 * metadata becomes the response's header documentation.
 */
export const redirectSchema = z.undefined().meta({
  description: 'Redirect: the browser goes on to the address in Location.',
  headers: { location: { type: 'string', description: 'The next page.' } },
})

/** Bytes sent as they are (an image file): documented as binary; Fastify never serializes a Buffer. */
export const bytesSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' })
