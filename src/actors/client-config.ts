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
