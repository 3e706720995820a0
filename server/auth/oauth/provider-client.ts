import type { OAuth2Client, OAuth2Tokens } from 'arctic'
import type { OAuthClientConfig, OAuthProviderName } from '../../config'
import type { AppContext } from '../../context'
import { endpointsOf, type OAuthProviderSpec, oauthProviderSpecs, type ProviderProfile } from './providers'

/** A provider the operator configured, with what talking to it takes. */
export interface ConfiguredProvider {
  name: OAuthProviderName
  spec: OAuthProviderSpec
  client: OAuthClientConfig
  redirectUri: string
}

/** No provider answer may hold a sign-in hostage. */
const providerTimeoutMs = 10_000
/** Reddit turns away requests without a descriptive User-Agent. */
const userAgent = 'web:alpha:v0.1 (social sign-in)'

export function configuredProviders(ctx: AppContext): OAuthProviderName[] {
  return (Object.keys(oauthProviderSpecs) as OAuthProviderName[]).filter((name) => ctx.config.oauth[name])
}

export function configuredProvider(ctx: AppContext, name: string): ConfiguredProvider | null {
  if (!Object.hasOwn(oauthProviderSpecs, name)) return null
  const provider = name as OAuthProviderName
  const client = ctx.config.oauth[provider]
  if (!client) return null
  return {
    name: provider,
    spec: oauthProviderSpecs[provider],
    client,
    // appOrigin is read per request: the test harness learns its port after the app is built.
    redirectUri: `${ctx.config.appOrigin}/v1/auth/oauth/${provider}/callback`,
  }
}

/**
 * arctic is loaded on the first social sign-in, not at start: most servers configure no provider and
 * the library and its crypto dependencies cost memory in every process (bench/README.md "ticks").
 */
const arctic = () => import('arctic')

async function arcticClient(p: ConfiguredProvider): Promise<OAuth2Client> {
  const { OAuth2Client } = await arctic()
  return new OAuth2Client(p.client.clientId, p.client.clientSecret, p.redirectUri)
}

export async function authorizationUrl(
  p: ConfiguredProvider,
  state: string,
  codeVerifier: string | null,
): Promise<URL> {
  const endpoint = endpointsOf(p.spec, p.client).authorization
  const client = await arcticClient(p)
  if (!codeVerifier) return client.createAuthorizationURL(endpoint, state, p.spec.scopes)
  const { CodeChallengeMethod } = await arctic()
  return client.createAuthorizationURLWithPKCE(
    endpoint,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    p.spec.scopes,
  )
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), providerTimeoutMs)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Facebook wants the client secret in the form body; arctic's OAuth2Client only sends HTTP Basic. */
async function exchangeWithBodyCredentials(
  p: ConfiguredProvider,
  tokenEndpoint: string,
  code: string,
  codeVerifier: string | null,
): Promise<OAuth2Tokens> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: p.redirectUri,
    client_id: p.client.clientId,
    client_secret: p.client.clientSecret,
  })
  if (codeVerifier) body.set('code_verifier', codeVerifier)
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { accept: 'application/json', 'user-agent': userAgent },
    body,
    signal: AbortSignal.timeout(providerTimeoutMs),
  })
  if (!response.ok) throw new Error(`token endpoint answered ${response.status}`)
  const { OAuth2Tokens } = await arctic()
  return new OAuth2Tokens(await response.json())
}

/** Trades the authorization code for an access token and reads the account it belongs to. */
export async function fetchProviderProfile(
  p: ConfiguredProvider,
  code: string,
  codeVerifier: string | null,
): Promise<ProviderProfile> {
  const endpoints = endpointsOf(p.spec, p.client)
  const tokens = await withTimeout(
    p.spec.clientAuthentication === 'basic'
      ? (await arcticClient(p)).validateAuthorizationCode(endpoints.token, code, codeVerifier)
      : exchangeWithBodyCredentials(p, endpoints.token, code, codeVerifier),
    'token request',
  )
  const response = await fetch(endpoints.userInfo, {
    headers: {
      authorization: `Bearer ${tokens.accessToken()}`,
      accept: 'application/json',
      'user-agent': userAgent,
    },
    signal: AbortSignal.timeout(providerTimeoutMs),
  })
  if (!response.ok) throw new Error(`user-info endpoint answered ${response.status}`)
  return p.spec.readProfile(await response.json())
}
