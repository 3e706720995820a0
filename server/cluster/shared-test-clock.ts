import type { AdjustableClock } from '../clock'
import type { RedisBus } from './redis-bus'

const clockKey = 'test-clock-offset'
const clockChannel = 'test-clock'

/** A test clock that all processes of a cluster move together. */
export interface SharedTestClock {
  /** Moves every process's clock by `ms`; this process's at once, the others' as the news arrives. */
  advance(ms: number): Promise<void>
  close(): void
}

/**
 * ALPHA_TEST_CLOCK=1 in a cluster: the offset lives in Redis (`<prefix>test-clock-offset`), so a test
 * moves time on all processes with one `POST /v1/test/clock` to any of them, and a process started
 * later (a restart) starts at the cluster's time. An advance adds to the key (INCRBY, so two advances
 * at once both count) and publishes the new offset; every process takes the largest offset it saw, so
 * the order in which news arrives does not matter and the clock never goes back.
 */
export async function shareTestClock(clock: AdjustableClock, bus: RedisBus): Promise<SharedTestClock> {
  const unsubscribe = await bus.subscribe(clockChannel, (payload) => clock.catchUp(Number(payload)))
  // After subscribing: an advance between the two is seen by one or the other.
  clock.catchUp(Number((await bus.redis.get(bus.prefix + clockKey)) ?? 0))
  return {
    async advance(ms) {
      const offset = await bus.redis.incrby(bus.prefix + clockKey, ms)
      clock.catchUp(offset)
      bus.publish(clockChannel, String(offset))
    },
    close: unsubscribe,
  }
}
