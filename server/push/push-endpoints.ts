/**
 * Whether the server may post to `endpoint`: a browser's subscription names the address, so without
 * this rule any player could make the server send requests into its own network. An allowed origin is
 * `scheme://host[:port]`, its host possibly `*.domain` for any subdomain (config PUSH_ENDPOINT_ORIGINS).
 */
export function isAllowedPushEndpoint(endpoint: string, allowedOrigins: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  return allowedOrigins.some((origin) => {
    const allowed = new URL(origin.replace('//*.', '//wildcard.'))
    if (allowed.protocol !== url.protocol || allowed.port !== url.port) return false
    if (!origin.includes('//*.')) return allowed.hostname === url.hostname
    return url.hostname.endsWith(allowed.hostname.slice('wildcard'.length))
  })
}
