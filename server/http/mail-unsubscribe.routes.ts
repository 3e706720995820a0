import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { emailLinkBodySchema, mailUnsubscribedSchema } from '../../src/api/auth'
import { unsubscribe } from '../auth/accounts'
import type { AppContext } from '../context'
import { errorResponses } from './response-schemas'

export const oneClickUnsubscribePath = '/v1/mail/unsubscribe'

/**
 * RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form to the URL of
 * the List-Unsubscribe header. The signed query authorizes it; no cookie is involved, so the CSRF
 * defence (which the mail client cannot satisfy) does not apply to this path.
 */
export const mailUnsubscribeRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const signedLink = {
    querystring: emailLinkBodySchema,
    response: { 200: mailUnsubscribedSchema, ...errorResponses(400) },
  }
  app.post(oneClickUnsubscribePath, { schema: signedLink }, async (request) => {
    await unsubscribe(ctx, request.query)
    return { status: 'unsubscribed' as const }
  })
}
