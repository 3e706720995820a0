import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import type { AppContext } from '../context'
import { sessionCookieName } from './session'

export const openApiPath = '/v1/openapi.json'
export const apiDocsPath = '/v1/docs'

/**
 * The API's OpenAPI 3 document, generated from the routes' zod schemas (the same ones that validate
 * requests, and serialize or describe the answers), so it cannot drift from what the server accepts and
 * answers: every operation documents its success status, its body and its 4xx statuses (the shared
 * `ApiError` body). Registered before the route plugins:
 * @fastify/swagger collects routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, ctx: AppContext, version: string): Promise<void> {
  const cookie = sessionCookieName(ctx.config)
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Alpha game API',
        version,
        description: [
          'The game server of Alpha, a social prediction game for stock-market traders.',
          `Signed-in calls carry the \`${cookie}\` session cookie. Writes (POST, PATCH, DELETE) also need`,
          'the `x-app-version` header and a same-origin `Origin` (CSRF defence). Errors answer',
          '`{ "error": { "code", "message", "fields"? } }`. Realtime data comes over socket.io at /socket.io.',
        ].join(' '),
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: cookie } },
      },
    },
    transform: jsonSchemaTransform,
    // Schemas registered with an id (the shared error body, `ApiError`) become components, referenced by $ref.
    transformObject: jsonSchemaTransformObject,
    hideUntagged: false,
  })
  // Swagger UI serves its page, script and styles from its own files: the app's CSP (script-src 'self') holds.
  // Its `static/index.html` redirects to the page by rewriting an address that ends in index.html; with
  // a query the address does not, and it redirected to itself without end. Such a request goes to the
  // page here, before the plugin's route.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && request.url.startsWith(`${apiDocsPath}/static/index.html?`))
      return reply.redirect(`${apiDocsPath}/`)
  })
  await app.register(fastifySwaggerUi, { routePrefix: apiDocsPath, staticCSP: false })
  app.get(openApiPath, { schema: { hide: true } }, async () => app.swagger())
}
