import { narrowOffset, type OffsetBounds, offsetBoundsOf, offsetOf } from '../domain/server-clock'

/** The game's time: the server's clock, read through this device's with the offset its answers show. */
export interface ServerClock {
  /** epoch ms on the server's clock, as far as its answers tell */
  now(): number
  /** an answer's `Date` header, with the device's times of sending and receiving */
  observe(dateHeader: string | null | undefined, sentAt: number, receivedAt: number): void
}

/**
 * A device whose clock is off (minutes, or a wrong day) would show judged polls as open and count down
 * to the wrong moment: every phase, countdown and evaluation time reads this clock instead.
 */
export function createServerClock(deviceNow: () => number = Date.now): ServerClock {
  let bounds: OffsetBounds | undefined
  return {
    now: () => deviceNow() + offsetOf(bounds),
    observe(dateHeader, sentAt, receivedAt) {
      const next = offsetBoundsOf(dateHeader, sentAt, receivedAt)
      if (next) bounds = narrowOffset(bounds, next)
    },
  }
}
