import { type StateBody, stateDigest } from '../game/state-body'

/**
 * A weak validator of a state answer's bytes (their digest): weak, because the gzip and the plain
 * answer carry the same one (RFC 9110 §8.8.1), and a rebuilt answer with the same bytes keeps it, so a
 * client is told 304 whatever the cache did.
 */
export const weakEtag = (digest: string) => `W/"${digest}"`

export const etagOf = (body: StateBody) => weakEtag(stateDigest(body))

/** `If-None-Match` names the validator (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => opaque(tag) === opaque(etag))
}
