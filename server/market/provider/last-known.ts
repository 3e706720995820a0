/**
 * Values fetched from the provider, each kept for `ttlMs` and then fetched again; when the fetch fails
 * the last value stays in use (stale beats nothing) and the next request tries again. Requests for a
 * key while its fetch runs share that fetch.
 */
export class LastKnown {
  readonly #values = new Map<string, { at: number; value: unknown }>()
  readonly #loading = new Map<string, Promise<unknown>>()

  constructor(
    readonly now: () => number,
    readonly onError: (key: string, error: unknown) => void,
  ) {}

  async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T | undefined> {
    const known = this.#values.get(key)
    if (known && this.now() - known.at < ttlMs) return known.value as T
    let loading = this.#loading.get(key) as Promise<T> | undefined
    if (!loading) {
      loading = load().then((value) => {
        this.#values.set(key, { at: this.now(), value })
        return value
      })
      this.#loading.set(key, loading)
      const settle = () => this.#loading.delete(key)
      loading.then(settle, settle)
    }
    try {
      return await loading
    } catch (error) {
      this.onError(key, error)
      return this.#values.get(key)?.value as T | undefined
    }
  }
}
