import type { SocialProvider, SocialSignInStartQuery } from '../api/oauth'
import { sameAppPath } from './same-app-path'

/** How the buttons name each provider (spec §2: Google, Reddit, Twitter, Discord, Facebook). */
export const socialProviderLabels: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  reddit: 'Reddit',
  twitter: 'Twitter (X)',
  discord: 'Discord',
  facebook: 'Facebook',
}

export interface SocialStartOptions {
  /** sign-up only: the code typed on the form */
  readonly invitationCode?: string
  /** sign-up only: the terms box is ticked */
  readonly acceptTerms?: boolean
  /** where to go afterwards: kept only when it is a path of this app */
  readonly next?: string | null
}

/**
 * The address a social button opens: the server's start route, which sends the browser to the provider
 * (a plain navigation, so the flow cookie is set on the top-level page).
 */
export function socialStartPath(provider: SocialProvider, options: SocialStartOptions = {}): string {
  const query: SocialSignInStartQuery = {}
  const code = options.invitationCode?.trim()
  if (code) query.invitationCode = code
  if (options.acceptTerms !== undefined) query.acceptTerms = options.acceptTerms ? 'true' : 'false'
  const next = sameAppPath(options.next)
  if (next) query.next = next
  const search = new URLSearchParams(query as Record<string, string>).toString()
  return `/v1/auth/oauth/${provider}/start${search ? `?${search}` : ''}`
}
