/** The part of the Web Storage API the persistence uses (localStorage, or a stand-in in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Stored data that is not what the app wrote: a list was expected (spec §5). */
export class InvalidFormatError extends Error {
  override readonly name = 'InvalidFormatError'
  readonly code = 'invalid_format'

  constructor(readonly key: string) {
    super(`The stored data of ${key} has an invalid format: a list was expected.`)
  }
}

/** A list kept under one key. */
export interface ListPersistence {
  readonly key: string
  /** the stored list, [] when nothing is stored; throws `InvalidFormatError` unless it parses as a list */
  load(): unknown[]
  save(list: readonly unknown[]): void
  clear(): void
}

/** A list kept in a Storage as JSON: the browser's localStorage by default. */
export function storagePersistence(
  key: string,
  storage: KeyValueStorage | undefined = globalThis.localStorage,
): ListPersistence {
  return {
    key,
    load() {
      const text = storage?.getItem(key)
      if (text == null) return []
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        throw new InvalidFormatError(key)
      }
      if (!Array.isArray(parsed)) throw new InvalidFormatError(key)
      return parsed
    },
    save: (list) => storage?.setItem(key, JSON.stringify(list)),
    clear: () => storage?.removeItem(key),
  }
}

/** A Storage in memory, for tests and where the browser has none; `text` is what it holds as JSON. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  readonly items: Map<string, string>
} {
  const items = new Map(Object.entries(initial))
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

/** A list kept in memory. */
export const memoryPersistence = (key: string, initial: Record<string, string> = {}) =>
  storagePersistence(key, memoryStorage(initial))
