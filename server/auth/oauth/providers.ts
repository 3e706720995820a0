import { z } from 'zod'
import type { OAuthClientConfig, OAuthProviderName } from '../../config'

/** What the game needs to know of a provider's account. */
export interface ProviderProfile {
  /** the provider's stable id of the account (never its e-mail or name, which can change) */
  id: string
  email: string | null
  /** the provider vouches that the account owns the address */
  emailVerified: boolean
  /** what a username is derived from, best first */
  nameSuggestions: string[]
  firstName: string | null
  lastName: string | null
}

/** One provider's OAuth 2.0 authorization-code flow as its documentation describes it. */
export interface OAuthProviderSpec {
  authorizationEndpoint: string
  tokenEndpoint: string
  userInfoEndpoint: string
  scopes: string[]
  /** sends an S256 code challenge (RFC 7636) */
  pkce: boolean
  /**
   * How the client proves itself at the token endpoint: HTTP Basic (RFC 6749 §2.3.1, what arctic's
   * OAuth2Client does) or client_id and client_secret in the form body (the only way Facebook documents).
   */
  clientAuthentication: 'basic' | 'body'
  /** reads the user-info answer; throws when it lacks what we need */
  readProfile(userInfo: unknown): ProviderProfile
}

const text = z.string().nullish()
const present = (...values: (string | null | undefined)[]) => values.filter((v): v is string => !!v)

const googleUser = z.object({
  sub: z.string().min(1),
  email: text,
  email_verified: z.boolean().nullish(),
  name: text,
  given_name: text,
  family_name: text,
})

const redditUser = z.object({ id: z.string().min(1), name: text })

const twitterUser = z.object({
  data: z.object({ id: z.string().min(1), username: text, name: text, confirmed_email: text }),
})

const discordUser = z.object({
  id: z.string().min(1),
  username: text,
  global_name: text,
  email: text,
  verified: z.boolean().nullish(),
})

const facebookUser = z.object({
  id: z.string().min(1),
  name: text,
  email: text,
  first_name: text,
  last_name: text,
})

const facebookGraph = 'https://graph.facebook.com/v25.0'

/**
 * The five providers. Endpoints as each documents them (and as arctic's provider classes use them);
 * arctic's generic OAuth2Client does the protocol, so a test can point all of them at a local server.
 */
export const oauthProviderSpecs: Record<OAuthProviderName, OAuthProviderSpec> = {
  // OpenID Connect discovery: https://accounts.google.com/.well-known/openid-configuration
  google: {
    authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenEndpoint: 'https://oauth2.googleapis.com/token',
    userInfoEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    clientAuthentication: 'basic',
    readProfile(json) {
      const u = googleUser.parse(json)
      return {
        id: u.sub,
        email: u.email ?? null,
        emailVerified: u.email_verified === true,
        nameSuggestions: present(u.name, u.given_name, u.email?.split('@')[0]),
        firstName: u.given_name ?? null,
        lastName: u.family_name ?? null,
      }
    },
  },
  // https://github.com/reddit-archive/reddit/wiki/OAuth2: no e-mail address is ever shared.
  reddit: {
    authorizationEndpoint: 'https://www.reddit.com/api/v1/authorize',
    tokenEndpoint: 'https://www.reddit.com/api/v1/access_token',
    userInfoEndpoint: 'https://oauth.reddit.com/api/v1/me',
    scopes: ['identity'],
    pkce: false,
    clientAuthentication: 'basic',
    readProfile(json) {
      const u = redditUser.parse(json)
      return {
        id: u.id,
        email: null,
        emailVerified: false,
        nameSuggestions: present(u.name),
        firstName: null,
        lastName: null,
      }
    },
  },
  // https://docs.x.com/fundamentals/authentication/oauth-2-0/user-access-token; users.email grants
  // confirmed_email, which X only returns once the address is confirmed.
  twitter: {
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userInfoEndpoint: 'https://api.x.com/2/users/me?user.fields=confirmed_email',
    scopes: ['tweet.read', 'users.read', 'users.email'],
    pkce: true,
    clientAuthentication: 'basic',
    readProfile(json) {
      const u = twitterUser.parse(json).data
      return {
        id: u.id,
        email: u.confirmed_email ?? null,
        emailVerified: !!u.confirmed_email,
        nameSuggestions: present(u.username, u.name),
        firstName: null,
        lastName: null,
      }
    },
  },
  // https://discord.com/developers/docs/topics/oauth2
  discord: {
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userInfoEndpoint: 'https://discord.com/api/v10/users/@me',
    scopes: ['identify', 'email'],
    pkce: true,
    clientAuthentication: 'basic',
    readProfile(json) {
      const u = discordUser.parse(json)
      return {
        id: u.id,
        email: u.email ?? null,
        emailVerified: !!u.email && u.verified === true,
        nameSuggestions: present(u.username, u.global_name),
        firstName: null,
        lastName: null,
      }
    },
  },
  // https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow; Graph API v25.0
  // is supported until 2028. Facebook does not say the address is confirmed, so it is not trusted.
  facebook: {
    authorizationEndpoint: 'https://www.facebook.com/v25.0/dialog/oauth',
    tokenEndpoint: `${facebookGraph}/oauth/access_token`,
    userInfoEndpoint: `${facebookGraph}/me?fields=id,name,email,first_name,last_name`,
    scopes: ['public_profile', 'email'],
    pkce: false,
    clientAuthentication: 'body',
    readProfile(json) {
      const u = facebookUser.parse(json)
      return {
        id: u.id,
        email: u.email ?? null,
        emailVerified: false,
        nameSuggestions: present(u.name, u.first_name),
        firstName: u.first_name ?? null,
        lastName: u.last_name ?? null,
      }
    },
  },
}

export interface ProviderEndpoints {
  authorization: string
  token: string
  userInfo: string
}

/** The provider's endpoints, or with `endpointsBase` its /authorize, /token and /userinfo (a test server). */
export function endpointsOf(spec: OAuthProviderSpec, client: OAuthClientConfig): ProviderEndpoints {
  if (!client.endpointsBase) {
    return {
      authorization: spec.authorizationEndpoint,
      token: spec.tokenEndpoint,
      userInfo: spec.userInfoEndpoint,
    }
  }
  const base = client.endpointsBase.replace(/\/+$/, '')
  return { authorization: `${base}/authorize`, token: `${base}/token`, userInfo: `${base}/userinfo` }
}
