import { createHash } from 'node:crypto'

/**
 * A weak validator of a body's bytes, made once per body object (the state's answers are cached buffers
 * sent many times over). Weak: the gzip and the plain answer carry the same one (RFC 9110 §8.8.1), and
 * a rebuilt answer with the same bytes keeps it, so a client is told 304 whatever the cache did.
 */
const etags = new WeakMap<Buffer, string>()

export function etagOf(body: Buffer): string {
  let etag = etags.get(body)
  if (!etag) {
    etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
    etags.set(body, etag)
  }
  return etag
}

/** `If-None-Match` names the validator (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => opaque(tag) === opaque(etag))
}
