import {
  narrowOffset,
  type OffsetBounds,
  offsetBoundsOf,
  offsetOf,
  type ServerTimeHeaders,
} from '../domain/server-clock'

/** The game's time: the server's clock, read through this device's with the offset its answers show. */
export interface ServerClock {
  /** epoch ms on the server's clock, as far as its answers tell */
  now(): number
  /** an answer's time headers, with the device's times of sending and receiving */
  observe(headers: ServerTimeHeaders, sentAt: number, receivedAt: number): void
}

/**
 * A device whose clock is off (minutes, or a wrong day) would show judged polls as open and count down
 * to the wrong moment: every phase, countdown and evaluation time reads this clock instead.
 */
export function createServerClock(deviceNow: () => number = Date.now): ServerClock {
  let bounds: OffsetBounds | undefined
  return {
    now: () => deviceNow() + offsetOf(bounds),
    observe(headers, sentAt, receivedAt) {
      const next = offsetBoundsOf(headers, sentAt, receivedAt)
      if (next) bounds = narrowOffset(bounds, next)
    },
  }
}
