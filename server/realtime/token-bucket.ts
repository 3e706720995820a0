const monotonicNow = () => performance.now()

/** Refills `ratePerSecond` tokens a second up to `burst`; `take()` spends one, false when none is left. */
export class TokenBucket {
  #tokens: number
  #last: number

  constructor(
    readonly ratePerSecond: number,
    readonly burst: number,
    private readonly now: () => number = monotonicNow,
  ) {
    this.#tokens = burst
    this.#last = now()
  }

  take(): boolean {
    const now = this.now()
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#last) / 1000) * this.ratePerSecond)
    this.#last = now
    if (this.#tokens < 1) return false
    this.#tokens -= 1
    return true
  }
}
