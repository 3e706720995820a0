import { createHash } from 'node:crypto'

/**
 * The state's JSON text in two pieces: `head`, shared by the callers of one group while its part holds
 * (the same object), and `tail`, the caller's own (the polls with their bets, the public groups they
 * are not in). The members come in that order; JSON objects are unordered.
 */
export interface StateBody {
  readonly head: Buffer
  readonly tail: Buffer
}

const headDigests = new WeakMap<Buffer, Buffer>()
const digests = new WeakMap<StateBody, string>()

/**
 * A digest of the answer's bytes (27 base64url characters), made once per answer object, from its
 * head's digest, made once per head object (shared by many answers), and its tail. Equal bytes, equal
 * digests, whatever objects hold them: a caller keeps it as the answer's validator.
 */
export function stateDigest(body: StateBody): string {
  let digest = digests.get(body)
  if (!digest) {
    let head = headDigests.get(body.head)
    if (!head) {
      head = createHash('sha256').update(body.head).digest()
      headDigests.set(body.head, head)
    }
    digest = createHash('sha256').update(head).update(body.tail).digest('base64url').slice(0, 27)
    digests.set(body, digest)
  }
  return digest
}
