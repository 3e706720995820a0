import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  emailChangeLinkBodySchema,
  emailLinkBodySchema,
  passwordResetAcceptedSchema,
  passwordResetBodySchema,
  passwordResetRequestBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '../../src/api/auth'
import { authUserSchema } from '../../src/api/users'
import {
  confirmEmail,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  signIn,
  signUp,
  unsubscribe,
} from '../auth/accounts'
import { changeEmail } from '../auth/email-change'
import { deleteSession, websocketCredentialsFor } from '../auth/sessions.repo'
import { authUserPayload } from '../auth/user-payload'
import type { AppContext } from '../context'
import { limitByIpAndAccount, limitSignedIn } from './rate-limits'
import { errorResponses, noContentSchema, sentAsPlainJson } from './response-schemas'
import { authenticate, clearSessionCookie, noStore, requireUser, startSession } from './session'

const field = (name: string) => (request: FastifyRequest) =>
  String((request.body as Record<string, unknown>)?.[name] ?? '')

/** Sign-up, sign-in, logout, who-am-I, password reset and the signed e-mail links. */
export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const limited = ctx.config.rateLimits
  const limit = (name: Parameters<typeof limitByIpAndAccount>[1], accountField: string) =>
    limited ? limitByIpAndAccount(fastify, name, field(accountField)) : []

  app.post(
    '/v1/auth/signup',
    {
      schema: {
        body: signUpBodySchema,
        response: { 201: authUserSchema, ...errorResponses(400, 403, 409, 429) },
      },
      ...sentAsPlainJson,
      preHandler: limit('signUp', 'email'),
    },
    async (request, reply) => {
      const { user, session } = await signUp(ctx, request.body)
      await startSession(request, reply, ctx, session.token)
      return reply
        .status(201)
        .send(await authUserPayload(ctx, user, session.row, session.websocketCredentials, ctx.clock.now()))
    },
  )

  app.post(
    '/v1/auth/signin',
    {
      schema: {
        body: signInBodySchema,
        response: { 200: authUserSchema, ...errorResponses(400, 401, 403, 429) },
      },
      ...sentAsPlainJson,
      preHandler: limit('signIn', 'login'),
    },
    async (request, reply) => {
      const { user, session } = await signIn(ctx, request.body.login, request.body.password)
      await startSession(request, reply, ctx, session.token)
      return authUserPayload(ctx, user, session.row, session.websocketCredentials, ctx.clock.now())
    },
  )

  const logout = { response: { 204: noContentSchema, ...errorResponses(403) } }
  app.post('/v1/auth/logout', { schema: logout }, async (request, reply) => {
    const auth = await authenticate(request, ctx)
    if (auth) {
      await deleteSession(ctx.db, auth.token)
      ctx.events.emit('sessions-ended', auth.user.id)
    }
    clearSessionCookie(reply, ctx)
    return reply.status(204).send()
  })

  // The signed-in player carries up to 1000 predictions: documented, sent as plain JSON (as sign-up and
  // sign-in). Those two set the session cookie, so their answers are `no-store` already
  // (setSessionCookie); this one carries the websocket credentials without it.
  const info = { schema: { response: { 200: authUserSchema, ...errorResponses(401) } }, ...sentAsPlainJson }
  app.get('/v1/auth/info', info, async (request, reply) => {
    const { user, session, token } = await requireUser(request, ctx)
    noStore(reply)
    return authUserPayload(ctx, user, session, websocketCredentialsFor(token), ctx.clock.now())
  })

  app.post(
    '/v1/auth/password-reset/request',
    {
      schema: {
        body: passwordResetRequestBodySchema,
        response: { 202: passwordResetAcceptedSchema, ...errorResponses(400, 403, 429) },
      },
      preHandler: limit('resetRequest', 'email'),
    },
    async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email)
      return reply.status(202).send({ status: 'accepted' })
    },
  )

  app.post(
    '/v1/auth/password-reset',
    {
      schema: {
        body: passwordResetBodySchema,
        response: { 204: noContentSchema, ...errorResponses(400, 403, 429) },
      },
      preHandler: limit('reset', 'userId'),
    },
    async (request, reply) => {
      await resetPassword(ctx, request.body)
      clearSessionCookie(reply, ctx)
      return reply.status(204).send()
    },
  )

  const emailLink = {
    body: emailLinkBodySchema,
    response: { 204: noContentSchema, ...errorResponses(400, 403) },
  }
  app.post('/v1/auth/confirm-email', { schema: emailLink }, async (request, reply) => {
    await confirmEmail(ctx, request.body)
    return reply.status(204).send()
  })

  // a guesser gains nothing here (the mail goes to the account's own address), but each call sends a
  // mail: the reset request's budgets, counted apart
  app.post(
    '/v1/auth/confirm-email/resend',
    {
      schema: { response: { 202: passwordResetAcceptedSchema, ...errorResponses(401, 403, 409, 429) } },
      preHandler: limitSignedIn(fastify, ctx, 'resetRequest'),
    },
    async (request, reply) => {
      const { user } = await requireUser(request, ctx)
      resendConfirmation(ctx, user)
      return reply.status(202).send({ status: 'accepted' as const })
    },
  )

  // the links of an e-mail change: the confirmation at the new address, the take-back at the old one
  app.post(
    '/v1/auth/change-email',
    {
      schema: {
        body: emailChangeLinkBodySchema,
        response: { 204: noContentSchema, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      await changeEmail(ctx, request.body)
      return reply.status(204).send()
    },
  )

  app.post('/v1/auth/unsubscribe', { schema: emailLink }, async (request, reply) => {
    await unsubscribe(ctx, request.body)
    return reply.status(204).send()
  })
}
