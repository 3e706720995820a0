import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { invitationCodeSchema } from '../../src/api/auth'
import {
  type SocialProvidersResponse,
  socialProviderParamsSchema,
  socialProvidersResponseSchema,
  socialSignInCallbackQuerySchema,
  socialSignInStartQuerySchema,
} from '../../src/api/oauth'
import { validationTexts } from '../../src/api/texts'
import {
  type FlowState,
  flowStateLifetimeMs,
  openFlowState,
  safeNextPath,
  sealFlowState,
} from '../auth/oauth/flow-state'
import {
  authorizationUrl,
  type ConfiguredProvider,
  configuredProvider,
  configuredProviders,
  fetchProviderProfile,
} from '../auth/oauth/provider-client'
import { completeSocialSignIn, socialSignInTexts } from '../auth/oauth/social-sign-in'
import { constantTimeEqual } from '../auth/tokens'
import type { AppContext } from '../context'
import { notFound } from './app-error'
import { errorResponses, redirectSchema } from './response-schemas'
import { startSession } from './session'

const flowCookieName = 'alpha_oauth_flow'
const flowCookiePath = '/v1/auth/oauth'

/** Back to the sign-in page, whose Error dialog shows each message on a line of its own. */
function signInPageWith(messages: readonly string[]): string {
  return `/account/signin?${messages.map((m) => `errorMessage=${encodeURIComponent(m)}`).join('&')}`
}

/**
 * Social sign-in and sign-up: `start` sends the browser to the provider with a signed flow cookie,
 * `callback` checks it, asks the provider who the player is and signs them in. Both are browser
 * navigations, so every outcome is a redirect; only an unknown provider is a JSON 404.
 */
/** 256 random bits, base64url: an OAuth state, or a PKCE code verifier (43 characters, RFC 7636 §4.1). */
const randomToken = () => randomBytes(32).toString('base64url')

export const oauthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const https = ctx.config.appOrigin.startsWith('https:')
  const limit = ctx.config.rateLimits
    ? [fastify.rateLimit({ max: 30, timeWindow: '1 minute', keyGenerator: (r) => `oauth:ip:${r.ip}` })]
    : []

  const providerOr404 = (name: string): ConfiguredProvider => {
    const provider = configuredProvider(ctx, name)
    if (!provider) throw notFound('Sign-in provider')
    return provider
  }

  const endFlow = (reply: FastifyReply) => reply.clearCookie(flowCookieName, { path: flowCookiePath })
  const refuse = (reply: FastifyReply, messages: readonly string[]) =>
    endFlow(reply).header('cache-control', 'no-store').redirect(signInPageWith(messages), 302)

  /** Every outcome but an unknown provider (404) or a malformed address (400) is a redirect. */
  const navigation = { 302: redirectSchema, ...errorResponses(400, 404, 429) }

  const providers = { response: { 200: socialProvidersResponseSchema } }
  app.get('/v1/auth/providers', { schema: providers }, async (): Promise<SocialProvidersResponse> => {
    return { providers: configuredProviders(ctx) }
  })

  app.get(
    '/v1/auth/oauth/:provider/start',
    {
      schema: {
        params: socialProviderParamsSchema,
        querystring: socialSignInStartQuerySchema,
        response: navigation,
      },
      preHandler: limit,
    },
    async (request, reply) => {
      const provider = providerOr404(request.params.provider)
      const query = request.query
      let invitationCode: string | null = null
      if (query.invitationCode?.trim()) {
        const parsed = invitationCodeSchema.safeParse(query.invitationCode)
        if (!parsed.success)
          return refuse(reply, [socialSignInTexts.signUpFailed, validationTexts.invitationCode])
        invitationCode = parsed.data
      }
      const flow: FlowState = {
        provider: provider.name,
        state: randomToken(),
        codeVerifier: provider.spec.pkce ? randomToken() : null,
        invitationCode,
        acceptTerms: query.acceptTerms === 'true',
        next: safeNextPath(query.next),
        expiresAt: ctx.clock.now() + flowStateLifetimeMs,
      }
      reply.setCookie(flowCookieName, sealFlowState(ctx.config.secret, flow), {
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level GET navigation, which carries it.
        sameSite: 'lax',
        secure: https,
        path: flowCookiePath,
        maxAge: flowStateLifetimeMs / 1000,
      })
      return reply
        .header('cache-control', 'no-store')
        .redirect((await authorizationUrl(provider, flow.state, flow.codeVerifier)).toString(), 302)
    },
  )

  app.get(
    '/v1/auth/oauth/:provider/callback',
    {
      schema: {
        params: socialProviderParamsSchema,
        querystring: socialSignInCallbackQuerySchema,
        response: navigation,
      },
      preHandler: limit,
    },
    async (request, reply) => {
      const provider = providerOr404(request.params.provider)
      const { code, state, error } = request.query
      const flow = openFlowState(ctx.config.secret, request.cookies[flowCookieName], ctx.clock.now())
      const loginFailed = [socialSignInTexts.signInFailed]
      if (error || !code || !state) {
        request.log.info({ provider: provider.name, error }, 'social sign-in cancelled or refused')
        return refuse(reply, loginFailed)
      }
      if (!flow || flow.provider !== provider.name || !constantTimeEqual(flow.state, state)) {
        request.log.warn({ provider: provider.name }, 'social sign-in with a missing or mismatched state')
        return refuse(reply, loginFailed)
      }

      let profile: Awaited<ReturnType<typeof fetchProviderProfile>>
      try {
        profile = await fetchProviderProfile(provider, code, flow.codeVerifier)
      } catch (err) {
        request.log.warn({ err, provider: provider.name }, 'social sign-in: the provider failed')
        return refuse(reply, loginFailed)
      }

      let outcome: Awaited<ReturnType<typeof completeSocialSignIn>>
      try {
        outcome = await completeSocialSignIn(ctx, provider.name, profile, flow)
      } catch (err) {
        // A navigation must land on a page of the app, not on a JSON error.
        request.log.error({ err, provider: provider.name }, 'social sign-in failed')
        return refuse(reply, loginFailed)
      }
      if (outcome.kind === 'refused') return refuse(reply, outcome.messages)
      await startSession(request, reply, ctx, outcome.session.token)
      const destination = outcome.newAccount
        ? `/welcome${flow.next ? `?next=${encodeURIComponent(flow.next)}` : ''}`
        : (flow.next ?? '/')
      return endFlow(reply).header('cache-control', 'no-store').redirect(destination, 302)
    },
  )
}
