/**
 * How far the server's clock is ahead of this device's (ms), as bounds. An answer's `Date` header names
 * the server's second when it answered, which happened between sending and receiving: so the offset
 * lies in [date − received, date + 1 s − sent]. Each answer narrows the bounds (NTP's reasoning, with
 * one-second stamps); bounds that no longer meet mean a clock jumped, and the newest answer starts over.
 */
export interface OffsetBounds {
  readonly low: number
  readonly high: number
}

/** The bounds one answer gives; undefined for a missing or unreadable `Date` header. */
export function offsetBoundsOf(
  dateHeader: string | null | undefined,
  sentAt: number,
  receivedAt: number,
): OffsetBounds | undefined {
  if (!dateHeader) return undefined
  const date = Date.parse(dateHeader)
  if (!Number.isFinite(date) || receivedAt < sentAt) return undefined
  return { low: date - receivedAt, high: date + 1000 - sentAt }
}

/** The bounds known so far narrowed by a new answer's; the new ones alone when they do not meet. */
export function narrowOffset(known: OffsetBounds | undefined, next: OffsetBounds): OffsetBounds {
  if (!known) return next
  const low = Math.max(known.low, next.low)
  const high = Math.min(known.high, next.high)
  return low <= high ? { low, high } : next
}

/** The offset to apply: the middle of the bounds, 0 until an answer came. */
export const offsetOf = (bounds: OffsetBounds | undefined) => (bounds ? (bounds.low + bounds.high) / 2 : 0)
