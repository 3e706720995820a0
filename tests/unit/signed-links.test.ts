import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type LinkClaims, signLink, verifyLink } from '../../server/auth/signed-links'

const key = Buffer.from('test-secret-that-is-at-least-32-characters-long')

const purpose = fc.constantFrom(
  'confirm-email' as const,
  'unsubscribe' as const,
  'password-reset' as const,
  'change-email' as const,
  'take-back-email' as const,
)
const claims: fc.Arbitrary<LinkClaims> = fc.record(
  {
    purpose,
    userId: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    email: fc.emailAddress(),
    validUntil: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    passwordVersion: fc.nat(1000),
    replaces: fc.emailAddress(),
  },
  { requiredKeys: ['purpose', 'userId', 'email'] },
)

/** Every way to change one claim of a link to another value. */
function changedClaims(original: LinkClaims): LinkClaims[] {
  const other = original.purpose === 'unsubscribe' ? 'confirm-email' : 'unsubscribe'
  return [
    { ...original, purpose: other },
    { ...original, userId: original.userId + 1 },
    { ...original, email: `x${original.email}` },
    { ...original, validUntil: (original.validUntil ?? 0) + 1 },
    { ...original, passwordVersion: (original.passwordVersion ?? 0) + 1 },
    { ...original, replaces: `x${original.replaces ?? ''}` },
    // a confirmation of an e-mail change cannot pass for a take-back, which names no address it replaces
    ...(original.replaces === undefined ? [] : [{ ...original, replaces: undefined }]),
  ]
}

describe('signed links', () => {
  it('verify with the claims they were signed for', () => {
    fc.assert(
      fc.property(claims, (c) => {
        expect(verifyLink(key, c, signLink(key, c))).toBe(true)
      }),
    )
  })

  it('break when any one claim changes', () => {
    fc.assert(
      fc.property(claims, (c) => {
        const sgn = signLink(key, c)
        for (const changed of changedClaims(c))
          expect(verifyLink(key, changed, sgn), JSON.stringify(changed)).toBe(false)
      }),
    )
  })

  it('break when an expiry or password version is added to or dropped from the claims', () => {
    const base: LinkClaims = { purpose: 'password-reset', userId: 7, email: 'ada@example.com' }
    const sgn = signLink(key, { ...base, validUntil: 1_700_000_000_000, passwordVersion: 0 })
    expect(verifyLink(key, base, sgn)).toBe(false)
    expect(verifyLink(key, { ...base, validUntil: 1_700_000_000_000 }, sgn)).toBe(false)
    expect(verifyLink(key, { ...base, passwordVersion: 0 }, sgn)).toBe(false)
  })

  it('ignore the case of the e-mail address', () => {
    fc.assert(
      fc.property(claims, (c) => {
        const sgn = signLink(key, c)
        expect(verifyLink(key, { ...c, email: c.email.toUpperCase() }, sgn)).toBe(true)
        expect(signLink(key, { ...c, email: c.email.toLowerCase() })).toBe(sgn)
      }),
    )
  })

  it('break under another key', () => {
    fc.assert(
      fc.property(claims, (c) => {
        expect(verifyLink(randomBytes(32), c, signLink(key, c))).toBe(false)
      }),
    )
  })

  it('refuse any other signature: altered, truncated, extended, empty', () => {
    fc.assert(
      fc.property(claims, fc.string({ maxLength: 64 }), (c, forged) => {
        const sgn = signLink(key, c)
        fc.pre(forged !== sgn)
        expect(verifyLink(key, c, forged)).toBe(false)
        expect(verifyLink(key, c, sgn.slice(0, -1))).toBe(false)
        expect(verifyLink(key, c, `${sgn}A`)).toBe(false)
        const flipped = (sgn[0] === 'A' ? 'B' : 'A') + sgn.slice(1)
        expect(verifyLink(key, c, flipped)).toBe(false)
      }),
    )
    expect(verifyLink(key, { purpose: 'unsubscribe', userId: 1, email: 'a@b.de' }, '')).toBe(false)
  })

  it('are URL-safe HMAC-SHA256 values (43 base64url characters)', () => {
    fc.assert(
      fc.property(claims, (c) => {
        expect(signLink(key, c)).toMatch(/^[A-Za-z0-9_-]{43}$/)
      }),
    )
  })
})
