import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { hashParameters, hashPassword, verifyAgainstDummy, verifyPassword } from '../../server/auth/passwords'
import { loadConfig } from '../../server/config'

/** 2^10: cheap enough for property runs; the format and the checks do not depend on the cost. */
const testLogN = 10

describe('password hashing (scrypt)', () => {
  it('verifies the password it hashed and no other', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
        async (password, other) => {
          fc.pre(password.normalize('NFKC') !== other.normalize('NFKC'))
          const stored = await hashPassword(password, testLogN)
          expect(await verifyPassword(password, stored)).toBe(true)
          expect(await verifyPassword(other, stored)).toBe(false)
        },
      ),
      { numRuns: 25 },
    )
  })

  it('stores scheme, parameters, salt and key as scrypt$logN$r$p$salt$hash', async () => {
    const stored = await hashPassword('correct horse battery staple', testLogN)
    const [scheme, logN, r, p, salt, key] = stored.split('$')
    expect([scheme, logN, r, p]).toEqual(['scrypt', '10', '8', '1'])
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16)
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(32)
    expect(hashParameters(stored)).toEqual({ logN: 10, r: 8, p: 1 })
  })

  it('salts every hash: the same password hashes differently each time', async () => {
    const a = await hashPassword('correct horse battery staple', testLogN)
    const b = await hashPassword('correct horse battery staple', testLogN)
    expect(a).not.toBe(b)
    expect(await verifyPassword('correct horse battery staple', b)).toBe(true)
  })

  it('compares NFKC-normalized text, so the same password typed on another keyboard still matches', async () => {
    const stored = await hashPassword('ﬁnancial Ｐassword', testLogN)
    expect(await verifyPassword('financial Password', stored)).toBe(true)
    const composed = await hashPassword('caf\u00e9 au lait!!', testLogN)
    expect(await verifyPassword('cafe\u0301 au lait!!', composed)).toBe(true)
  })

  it('refuses stored values that are not an scrypt hash', async () => {
    for (const stored of [
      '',
      'plain text',
      'bcrypt$10$8$1$abc$def',
      'scrypt$$8$1$abc$def',
      'scrypt$10$8$1$$',
    ])
      expect(await verifyPassword('anything', stored), stored).toBe(false)
  })

  it('answers a check against the dummy hash with false', async () => {
    expect(await verifyAgainstDummy('not-a-real-password', testLogN)).toBe(false)
    expect(await verifyAgainstDummy('whatever', testLogN)).toBe(false)
  })
})

describe('production cost', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'alpha-passwords-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('defaults to N = 2^17, r = 8, p = 1 and records them in the hash', async () => {
    const config = loadConfig({ ALPHA_DATA_DIR: dataDir })
    expect(config.scryptLogN).toBe(17)
    const stored = await hashPassword('correct horse battery staple', config.scryptLogN)
    expect(hashParameters(stored)).toEqual({ logN: 17, r: 8, p: 1 })
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true)
  }, 20_000)
})
