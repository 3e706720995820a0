/** The one source of server time; jobs, sessions and the market all read it, so tests can move it. */
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

/** Wall time plus an offset that only grows: `POST /v1/test/clock` moves it under ALPHA_TEST_CLOCK=1. */
export class AdjustableClock implements Clock {
  #offsetMs = 0
  now(): number {
    return Date.now() + this.#offsetMs
  }
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advanceMs must be a non-negative number')
    this.#offsetMs += ms
  }
  get offsetMs(): number {
    return this.#offsetMs
  }
  /** Moves the offset up to `offsetMs` if it is behind: processes sharing one test clock take the largest. */
  catchUp(offsetMs: number): void {
    if (Number.isFinite(offsetMs) && offsetMs > this.#offsetMs) this.#offsetMs = offsetMs
  }
}
