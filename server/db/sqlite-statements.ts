import type SQLite from 'better-sqlite3'
import { keepRecent } from '../../src/domain/bounded-map'

/**
 * The prepared statements of one better-sqlite3 handle, by SQL text, the `size` most recently used kept.
 * Kysely compiles a query to the same text every time it has the same shape (the values are
 * parameters), and preparing that text again costs more than running it for the small indexed
 * statements of a request (a bet or a session read runs each in tens of microseconds). The only
 * statement cache of the server: the Kysely driver, the group commit's savepoints and the data version
 * all prepare through it. A statement is reusable once run, which every caller does at once (no
 * streaming queries keep one open).
 */
export class StatementCache {
  readonly #statements = new Map<string, SQLite.Statement>()

  constructor(
    readonly handle: SQLite.Database,
    readonly size = 500,
  ) {}

  get(source: string): SQLite.Statement {
    const statement = this.#statements.get(source) ?? this.handle.prepare(source)
    keepRecent(this.#statements, source, statement, this.size)
    return statement
  }
}
