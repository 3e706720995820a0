/**
 * Keeps `value` under `key` as the most recently used entry of `map` (a Map iterates in insertion
 * order: the first entry is the least recently used), dropping that first entry when the map would
 * hold more than `limit`. A limit of 0 keeps nothing. The one eviction rule of the bounded memos and
 * the server's per-process caches (which keep plain Maps: their limits come from the configuration).
 */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key)
  if (map.size >= limit) {
    const oldest = map.keys().next().value
    if (oldest !== undefined) map.delete(oldest)
  }
  if (limit > 0) map.set(key, value)
}

/**
 * A memo that never holds more than `capacity` entries: at capacity, a new key evicts the one least
 * recently set (keepRecent). Pure results whose inputs repeat (a zone's offset in a minute, a market's session on a
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
    keepRecent(this.#entries, key, value, this.capacity)
    return value
  }

  /** The value of `key`, computed and kept if missing. */
  getOrCompute(key: K, compute: (key: K) => V): V {
    const known = this.#entries.get(key)
    if (known !== undefined || this.#entries.has(key)) return known as V
    return this.set(key, compute(key))
  }
}
