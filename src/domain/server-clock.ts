/**
 * How far the server's clock is ahead of this device's (ms), as bounds. An answer's `x-server-time` (or,
 * without it, its `Date` header, to the second) names the server's time when it answered, which
 * happened between sending and receiving: so the offset lies in [time − received, time − sent] (plus
 * the second a `Date` leaves open). Each answer narrows the bounds (NTP's reasoning, with
 * one-second stamps); bounds that no longer meet mean a clock jumped, and the newest answer starts over.
 */
export interface OffsetBounds {
  readonly low: number
  readonly high: number
}

/** What an answer says of the server's time. */
export interface ServerTimeHeaders {
  /** `x-server-time`: the game's clock in epoch ms when the server answered (ours; exact) */
  readonly serverTime?: string | null
  /** `Date`: the server machine's second (HTTP's; the game's clock only when no test clock moved it) */
  readonly date?: string | null
}

/** The bounds one answer gives; undefined when it tells no time (or came back before it was sent). */
export function offsetBoundsOf(
  headers: ServerTimeHeaders,
  sentAt: number,
  receivedAt: number,
): OffsetBounds | undefined {
  if (receivedAt < sentAt) return undefined
  const exact = headers.serverTime ? Number(headers.serverTime) : Number.NaN
  if (Number.isSafeInteger(exact) && exact > 0) return { low: exact - receivedAt, high: exact - sentAt }
  const date = headers.date ? Date.parse(headers.date) : Number.NaN
  if (!Number.isFinite(date)) return undefined
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
