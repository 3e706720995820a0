/**
 * Keeps `value` under `key` as the most recently used entry of `map` (a Map iterates in insertion
 * order: the first entry is the least recently used), dropping that first entry when the map would
 * hold more than `limit`. A limit of 0 keeps nothing. The per-process caches' one eviction rule.
 */
export function keepRecent<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key)
  if (map.size >= limit) {
    const oldest = map.keys().next().value
    if (oldest !== undefined) map.delete(oldest)
  }
  if (limit > 0) map.set(key, value)
}
