import { createHash } from 'node:crypto'
import type { StateBody } from '../game/state'

/**
 * A weak validator of a state answer's bytes, made once per answer object (answers are sent again
 * while nothing changed), from its head's digest, made once per head object (shared by many answers),
 * and its tail. Weak: the gzip and the plain answer carry the same one (RFC 9110 §8.8.1), and a rebuilt
 * answer with the same bytes keeps it, so a client is told 304 whatever the cache did.
 */
const headDigests = new WeakMap<Buffer, Buffer>()
const etags = new WeakMap<StateBody, string>()

export function etagOf(body: StateBody): string {
  let etag = etags.get(body)
  if (!etag) {
    let head = headDigests.get(body.head)
    if (!head) {
      head = createHash('sha256').update(body.head).digest()
      headDigests.set(body.head, head)
    }
    etag = `W/"${createHash('sha256').update(head).update(body.tail).digest('base64url').slice(0, 27)}"`
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
