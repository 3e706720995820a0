import { z } from 'zod'
import { constantTimeEqual, hmac } from '../tokens'

/** A sign-in started more than 10 minutes ago is void (the cookie also expires by then). */
export const flowStateLifetimeMs = 10 * 60_000

/** What the browser carries from the start of a social sign-in to its callback, signed, in a cookie. */
export interface FlowState {
  provider: string
  /** the OAuth `state`, compared with the one the provider sends back */
  state: string
  /** the PKCE code verifier, for providers that use PKCE */
  codeVerifier: string | null
  /** normalized invitation code, when the player started from the sign-up form */
  invitationCode: string | null
  acceptTerms: boolean
  /** same-site path to land on afterwards */
  next: string | null
  expiresAt: number
}

const flowStateSchema = z.object({
  provider: z.string(),
  state: z.string(),
  codeVerifier: z.string().nullable(),
  invitationCode: z.string().nullable(),
  acceptTerms: z.boolean(),
  next: z.string().nullable(),
  expiresAt: z.number(),
})

const purpose = 'oauth-flow-state\n'

export function sealFlowState(secret: Buffer, flow: FlowState): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url')
  return `${payload}.${hmac(secret, purpose + payload)}`
}

/** The flow state of a cookie value, or null when it is missing, forged or expired. */
export function openFlowState(secret: Buffer, sealed: string | undefined, now: number): FlowState | null {
  if (!sealed) return null
  const [payload, signature, ...rest] = sealed.split('.')
  if (!payload || !signature || rest.length > 0) return null
  if (!constantTimeEqual(signature, hmac(secret, purpose + payload))) return null
  try {
    const flow = flowStateSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')))
    return flow.expiresAt > now ? flow : null
  } catch {
    return null
  }
}

/** Only a path of this site: '/x' but not '//evil.example' or '/\evil.example', which browsers read as hosts. */
export function safeNextPath(next: string | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//')) return null
  if (/[\\\s\p{Cc}]/u.test(next)) return null
  return next
}
