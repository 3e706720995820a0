import type { IncomingHttpHeaders } from 'node:http'

/**
 * Cross-site WebSocket hijacking defence for the handshake: a browser always sends Origin on a
 * WebSocket handshake, so a present Origin must be the app's origin or name the host the request was
 * sent to (what server/http/csrf.ts accepts for writes). Without Origin the client is not a browser
 * (a script, a server), which carries no victim's ambient credentials: it is let through and still has
 * to `authorize` with a token like everyone else.
 */
export function isAllowedOrigin(headers: IncomingHttpHeaders, appOrigin: string): boolean {
  const origin = headers.origin
  if (origin === undefined) return true
  if (origin === appOrigin) return true
  try {
    const url = new URL(origin)
    // the app's scheme only: a page injected into plain http must not reach the https app's channel
    return url.protocol === new URL(appOrigin).protocol && url.host === headers.host
  } catch {
    return false
  }
}
