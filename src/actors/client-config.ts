import { appVersion, createApiClient } from '../api/client'
import { type ClientCoreDeps, startClientCore } from './client-core'
import { createErrorReporter } from './error-reporting'
import type { Navigator } from './navigation'

/** What the SPA reads from its build environment (Vite's `import.meta.env`, `VITE_` variables). */
export interface ClientConfig {
  /** VITE_SENTRY_DSN: errors go to Sentry; without it to `POST /v1/client-errors` */
  readonly sentryDsn?: string
  /** VITE_SOCKET_FINGERPRINT: sent with 'authorize' instead of the MD5 of the platform info */
  readonly socketFingerprint?: string
  /** VITE_API_URL: the game server; the page's origin when absent */
  readonly apiUrl?: string
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined)

export function clientConfigFrom(env: Readonly<Record<string, unknown>>): ClientConfig {
  return {
    sentryDsn: text(env.VITE_SENTRY_DSN),
    socketFingerprint: text(env.VITE_SOCKET_FINGERPRINT),
    apiUrl: text(env.VITE_API_URL),
  }
}

/** The client core of the browser app: the game API, error reporting and socket from the build's config. */
export function startBrowserClientCore(
  navigate: Navigator,
  config: ClientConfig = clientConfigFrom(import.meta.env),
  overrides: Partial<ClientCoreDeps> = {},
) {
  const api = createApiClient({ baseUrl: config.apiUrl })
  return startClientCore({
    api,
    navigate,
    reporter: createErrorReporter({ api, dsn: config.sentryDsn, release: appVersion }),
    socket: { url: config.apiUrl, fingerprint: config.socketFingerprint },
    ...overrides,
  })
}
