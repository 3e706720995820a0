import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** 128 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(16).toString('base64url')
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

export function hmac(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message).digest('base64url')
}

/** Compares two strings without leaking where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
