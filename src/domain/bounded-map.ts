/**
 * A memo that never holds more than `capacity` entries: at capacity, a new key evicts the oldest one
 * inserted. Pure results whose inputs repeat (a zone's offset in a minute, a market's session on a
 * date) are computed once per input while a process that sees ever new inputs stays the same size.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>()

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError('a bounded map holds at least one entry')
  }

  get size(): number {
    return this.#entries.size
  }

  get(key: K): V | undefined {
    return this.#entries.get(key)
  }

  has(key: K): boolean {
    return this.#entries.has(key)
  }

  set(key: K, value: V): V {
    if (!this.#entries.has(key) && this.#entries.size >= this.capacity) {
      const oldest = this.#entries.keys().next()
      if (!oldest.done) this.#entries.delete(oldest.value)
    }
    this.#entries.set(key, value)
    return value
  }

  /** The value of `key`, computed and kept if missing. */
  getOrCompute(key: K, compute: (key: K) => V): V {
    const known = this.#entries.get(key)
    if (known !== undefined || this.#entries.has(key)) return known as V
    return this.set(key, compute(key))
  }
}
