interface Entry<T> {
  key: string
  /** game clock: the value is stale from then on (e.g. a poll's betting closes) */
  validUntil: number
  /** wall clock */
  bornAt: number
  value: Promise<T>
}

/**
 * In-process memo of values read from the database, one per slot (e.g. 'ranking:1000:this_week'), kept
 * while the key (a version read cheaply from the database, so other processes' writes count too) stays
 * the same, the game clock is before the value's `validUntil`, and it is younger than `maxAgeMs` of
 * wall time (a safety net for changes no version shows). Callers asking for the same slot and key while
 * it is computed share one computation.
 *
 * Compute only inside a read transaction (`inReadTransaction`): its executor holds a connection of its
 * own, so a caller waiting for another's computation never holds the connection that one needs.
 */
export class VersionedCache<T> {
  readonly #entries = new Map<string, Entry<T>>()

  constructor(
    readonly maxAgeMs: number,
    readonly maxSlots = 2000,
  ) {}

  get(
    slot: string,
    key: string,
    now: number,
    compute: () => Promise<{ value: T; validUntil?: number }>,
  ): Promise<T> {
    const entry = this.#entries.get(slot)
    if (entry && entry.key === key && now < entry.validUntil && Date.now() - entry.bornAt < this.maxAgeMs)
      return entry.value
    const fresh = { key, validUntil: Number.POSITIVE_INFINITY, bornAt: Date.now() } as Entry<T>
    fresh.value = compute().then(
      (computed) => {
        fresh.validUntil = computed.validUntil ?? Number.POSITIVE_INFINITY
        return computed.value
      },
      (error: unknown) => {
        if (this.#entries.get(slot) === fresh) this.#entries.delete(slot)
        throw error
      },
    )
    if (this.#entries.size >= this.maxSlots && !this.#entries.has(slot)) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    this.#entries.delete(slot)
    this.#entries.set(slot, fresh)
    return fresh.value
  }

  clear(): void {
    this.#entries.clear()
  }
}
