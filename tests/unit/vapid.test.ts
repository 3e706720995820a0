import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { vapidKeysFrom } from '../../server/push/vapid'

/** The base64url key pair as a JWK pair (P-256: x and y follow the 0x04 of the uncompressed point). */
function jwkPair(keys: { publicKey: string; privateKey: string }) {
  const point = Buffer.from(keys.publicKey, 'base64url')
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  }
  return {
    publicKey: createPublicKey({ key: jwk, format: 'jwk' }),
    privateKey: createPrivateKey({ key: { ...jwk, d: keys.privateKey }, format: 'jwk' }),
  }
}

describe('vapidKeysFrom', () => {
  it('derives one P-256 key pair per secret: every process that shares the secret signs alike', () => {
    const secret = Buffer.from('a-secret-of-at-least-thirty-two-characters')
    const keys = vapidKeysFrom(secret)
    expect(vapidKeysFrom(Buffer.from(secret))).toEqual(keys)
    expect(vapidKeysFrom(Buffer.from('another-secret-of-at-least-thirty-two-chars'))).not.toEqual(keys)
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65)
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32)

    // the halves belong together: what the private key signs, the public key verifies
    const pair = jwkPair(keys)
    const signature = sign('sha256', Buffer.from('vapid'), pair.privateKey)
    expect(verify('sha256', Buffer.from('vapid'), pair.publicKey, signature)).toBe(true)
  })
})
