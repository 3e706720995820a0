import { z } from 'zod'

/** Social sign-in providers the game knows; the server offers those an operator configured. */
export const socialProviders = ['google', 'reddit', 'twitter', 'discord', 'facebook'] as const
export type SocialProvider = (typeof socialProviders)[number]

/** `GET /v1/auth/providers`: the SPA shows a button for each of these and no other. */
export const socialProvidersResponseSchema = z.object({ providers: z.array(z.enum(socialProviders)) })
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponseSchema>

export const socialProviderParamsSchema = z.object({ provider: z.string().max(32) })

/**
 * `GET /v1/auth/oauth/:provider/start`, opened by a browser navigation. The invitation code is checked
 * by the handler, so a bad one leads back to the sign-in page with a message instead of a JSON error.
 */
export const socialSignInStartQuerySchema = z.object({
  /** only for sign-up: a player who already has an account needs none */
  invitationCode: z.string().max(64).optional(),
  /** 'true' when the player agreed to the terms on the sign-up form */
  acceptTerms: z.enum(['true', 'false']).optional(),
  /** a path of this site to go to afterwards; anything else is ignored */
  next: z.string().max(2048).optional(),
})
export type SocialSignInStartQuery = z.input<typeof socialSignInStartQuerySchema>

/** What the provider appends to our callback; providers add parameters of their own, which are ignored. */
export const socialSignInCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
})
