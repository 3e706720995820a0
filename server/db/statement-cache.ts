import type SQLite from 'better-sqlite3'

/**
 * Makes `sqlite.prepare` reuse the statements of the last `size` distinct SQL texts. Kysely prepares
 * every query it runs; compiling the SQL again costs more than running it for the small indexed
 * statements a request makes (a state read or a bet runs each of its statements in tens of
 * microseconds, and spent as long again preparing them). Statements are reusable once run, which Kysely
 * always does at once (its streaming queries, which keep one open, are not used).
 */
export function cachePreparedStatements(sqlite: SQLite.Database, size = 500): void {
  const prepare = sqlite.prepare.bind(sqlite)
  const statements = new Map<string, SQLite.Statement>()
  sqlite.prepare = ((source: string) => {
    let statement = statements.get(source)
    if (statement) {
      // most recently used last: the first one is the one to drop
      statements.delete(source)
    } else {
      statement = prepare(source)
      if (statements.size >= size) {
        const oldest = statements.keys().next().value
        if (oldest !== undefined) statements.delete(oldest)
      }
    }
    statements.set(source, statement)
    return statement
  }) as typeof sqlite.prepare
}
