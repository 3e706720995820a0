import { createHash, timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'

/** What decides whether a caller may read `/metrics`. */
export interface MetricsCaller {
  /** the TCP peer, not a forwarded address */
  remoteAddress: string | undefined
  /** an `X-Forwarded-For` or `Forwarded` header came with the request */
  forwarded: boolean
  authorization: string | undefined
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address
  if (isIP(plain) === 4) return plain.startsWith('127.')
  return plain === '::1'
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Operators read metrics from the machine itself or with the token. A request a reverse proxy
 * forwarded arrives from loopback too, so a forwarding header makes it an outside caller.
 */
export function mayReadMetrics(caller: MetricsCaller, token: string | undefined): boolean {
  if (isLoopback(caller.remoteAddress) && !caller.forwarded) return true
  if (!token || !caller.authorization?.startsWith('Bearer ')) return false
  // equal-length digests: the comparison takes the same time whatever the guess
  return timingSafeEqual(digest(caller.authorization.slice(7)), digest(token))
}
