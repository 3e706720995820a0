import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

const r = 8
const p = 1
const keyLength = 32

function derive(password: string, salt: Buffer, logN: number): Promise<Buffer> {
  const N = 2 ** logN
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below what N = 2^17 takes.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r }
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

/** `scrypt$logN$r$p$salt$hash`: the parameters travel with the hash, so the cost can rise later. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, logN)
  return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, , , salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !logN || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(logN))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** Parameters a stored hash was made with, for the check that production uses N = 2^17, r = 8, p = 1. */
export function hashParameters(stored: string): { logN: number; r: number; p: number } {
  const [, logN, rr, pp] = stored.split('$')
  return { logN: Number(logN), r: Number(rr), p: Number(pp) }
}

let dummyHash: Promise<string> | undefined
/** Work as long as a real check, so a wrong username answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string, logN: number): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password', logN)
  await verifyPassword(password, await dummyHash)
  return false
}
