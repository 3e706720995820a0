import type SQLite from 'better-sqlite3'

const camelNames = new Map<string, string>()

/** Kysely's CamelCasePlugin mapping of a column name: every `_` dropped, the character after it upper-cased. */
export function camelName(column: string): string {
  let name = camelNames.get(column)
  if (name === undefined) {
    name = ''
    for (let i = 0; i < column.length; i++) {
      const char = column[i] as string
      if (char !== '_') name += column[i - 1] === '_' ? char.toUpperCase() : char
    }
    camelNames.set(column, name)
  }
  return name
}

/**
 * A row read straight from better-sqlite3 as the Kysely database would return it (CamelCasePlugin):
 * the same values under camelCase keys. For the hot statements run on the handle, so their callers get
 * the very rows of the Kysely path (tests compare them).
 */
export function camelRow<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {}
  for (const column in row) out[camelName(column)] = row[column]
  return out as T
}

const kept = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>()

/**
 * The prepared statement of `source` on the handle, kept for the handle's life: for the few fixed SQL
 * texts of the hot paths (never evicted, unlike the LRU of statement-cache.ts that Kysely's queries use).
 */
export function statement(handle: SQLite.Database, source: string): SQLite.Statement {
  let statements = kept.get(handle)
  if (!statements) {
    statements = new Map()
    kept.set(handle, statements)
  }
  let prepared = statements.get(source)
  if (!prepared) {
    prepared = handle.prepare(source)
    statements.set(source, prepared)
  }
  return prepared
}
