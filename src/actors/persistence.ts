import type { z } from 'zod'

/** The part of the Web Storage API the persistence uses (localStorage, or a stand-in in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Stored data that is not what the app wrote: a list was expected (spec §5). */
export class InvalidFormatError extends Error {
  override readonly name = 'InvalidFormatError'
  readonly code = 'invalid_format'

  constructor(
    readonly key: string,
    expected = 'a list',
  ) {
    super(`The stored data of ${key} has an invalid format: ${expected} was expected.`)
  }
}

/** The JSON stored under `key`, undefined when there is none; throws `InvalidFormatError` unless it parses. */
function readJson(storage: KeyValueStorage | undefined, key: string, expected?: string): unknown {
  const text = storage?.getItem(key)
  if (text == null) return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new InvalidFormatError(key, expected)
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

/**
 * A list kept in a Storage as JSON: the browser's localStorage by default. An empty list is kept as
 * nothing, so what a logout cleared stays cleared when the emptied stores save.
 */
export function storagePersistence(
  key: string,
  storage: KeyValueStorage | undefined = globalThis.localStorage,
): ListPersistence {
  return {
    key,
    load() {
      const parsed = readJson(storage, key) ?? []
      if (!Array.isArray(parsed)) throw new InvalidFormatError(key)
      return parsed
    },
    save: (list) =>
      list.length === 0 ? storage?.removeItem(key) : storage?.setItem(key, JSON.stringify(list)),
    clear: () => storage?.removeItem(key),
  }
}

/** A value kept under one key. */
export interface ValuePersistence<T> {
  readonly key: string
  /** the stored value, undefined when nothing is stored; throws `InvalidFormatError` unless it fits the schema */
  load(): T | undefined
  save(value: T): void
  clear(): void
}

/** A value kept in a Storage as JSON and checked by a schema when read. */
export function valuePersistence<T>(
  key: string,
  schema: z.ZodType<T>,
  storage: KeyValueStorage | undefined = globalThis.localStorage,
): ValuePersistence<T> {
  const expected = 'the shape the app writes'
  return {
    key,
    load() {
      const parsed = readJson(storage, key, expected)
      if (parsed === undefined) return undefined
      const checked = schema.safeParse(parsed)
      if (!checked.success) throw new InvalidFormatError(key, expected)
      return checked.data
    },
    save: (value) => storage?.setItem(key, JSON.stringify(value)),
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
