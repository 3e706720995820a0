/**
 * How the client authenticates at the provider (spec §6: basic authentication, an API key or an access
 * token, if configured).
 */
export type ProviderAuth =
  | { readonly type: 'basic'; readonly username: string; readonly password: string }
  | {
      readonly type: 'apiKey'
      readonly key: string
      /**
       * where the key goes: a header (the default), or the query parameter `api_key` for providers that
       * take it only there (it then shows in the provider's access logs: prefer the header)
       * @default 'header'
       */
      readonly in?: 'header' | 'query'
      /** @default 'x-api-key' */
      readonly header?: string
    }
  | {
      readonly type: 'token'
      /** a bearer access token, or a function that gives the current one (asked before every attempt) */
      readonly token: string | (() => string | Promise<string>)
    }

export const API_KEY_HEADER = 'x-api-key'
export const API_KEY_QUERY_PARAMETER = 'api_key'

/** What one attempt adds to the request for `auth`. */
export interface AuthParts {
  readonly headers: Record<string, string>
  readonly query: [string, string][]
}

const base64 = (text: string) => btoa(String.fromCodePoint(...new TextEncoder().encode(text)))

/** Throws at configuration time for credentials that could never work. */
export function checkAuth(auth: ProviderAuth): void {
  if (auth.type === 'basic' && auth.username.includes(':')) {
    throw new TypeError('A basic-auth username cannot contain a colon (RFC 7617)')
  }
  if (auth.type === 'apiKey' && auth.key === '') throw new TypeError('The API key is empty')
  if (auth.type === 'token' && auth.token === '') throw new TypeError('The access token is empty')
}

export async function authParts(auth: ProviderAuth | undefined): Promise<AuthParts> {
  switch (auth?.type) {
    case undefined:
      return { headers: {}, query: [] }
    case 'basic':
      // UTF-8 before base64, as RFC 7617's charset="UTF-8" asks
      return { headers: { authorization: `Basic ${base64(`${auth.username}:${auth.password}`)}` }, query: [] }
    case 'apiKey':
      return auth.in === 'query'
        ? { headers: {}, query: [[API_KEY_QUERY_PARAMETER, encodeURIComponent(auth.key)]] }
        : { headers: { [auth.header ?? API_KEY_HEADER]: auth.key }, query: [] }
    case 'token': {
      const token = typeof auth.token === 'function' ? await auth.token() : auth.token
      return { headers: { authorization: `Bearer ${token}` }, query: [] }
    }
  }
}
