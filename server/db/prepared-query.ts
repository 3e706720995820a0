import type { Compilable, CompiledQuery, QueryResult, RawBuilder } from 'kysely'
import type { Executor } from './database'
import { isPostgres } from './dialect'
import { keepPrepared } from './named-statements'

/** Marks a value's place in a query built once; no value a caller binds starts with a NUL. */
const marker = '\u0000prepared-value:'

type Bound<P> = { name: keyof P } | { constant: unknown }

/**
 * A Kysely query built and compiled once per dialect, then run with new values: the compiled-query
 * cache of the hot writes and reads. Building a query, camel-casing its tree and compiling it cost
 * more than running its statement on SQLite (a profile of tags and bets: Kysely's own code a sixth of
 * the server's busy time); the SQL text it compiles to depends only on its shape, and the driver's
 * statement cache keeps the prepared statement of that text. `build` gets `value(name)` for each value
 * the query takes (a placeholder: use it as a whole value, never compute with it in JavaScript) and
 * must build the same shape every time; the rows come back camel-cased as from any Kysely query.
 * PostgreSQL keeps its text prepared on each connection (named-statements.ts).
 */
export function preparedQuery<P extends Record<string, unknown>, R>(
  build: (
    db: Executor,
    value: <K extends keyof P & string>(name: K) => P[K],
  ) => Compilable<R> | RawBuilder<R>,
): (executor: Executor, values: P) => Promise<QueryResult<R>> {
  const compiled = new Map<boolean, { query: CompiledQuery<R>; bound: Bound<P>[] }>()
  const value = <K extends keyof P & string>(name: K) => `${marker}${name}` as P[K]
  return (executor, values) => {
    const postgres = isPostgres(executor)
    let entry = compiled.get(postgres)
    if (!entry) {
      const built = build(executor, value)
      // a query builder compiles itself; an `sql` template needs the executor (a builder ignores it)
      const compile = built.compile as (executor: Executor) => CompiledQuery<R>
      const query = compile.call(built, executor)
      const bound = query.parameters.map(
        (parameter): Bound<P> =>
          typeof parameter === 'string' && parameter.startsWith(marker)
            ? { name: parameter.slice(marker.length) as keyof P }
            : { constant: parameter },
      )
      entry = { query, bound }
      compiled.set(postgres, entry)
      if (postgres) keepPrepared(query.sql)
    }
    const parameters = entry.bound.map((slot) => ('name' in slot ? values[slot.name] : slot.constant))
    return executor.executeQuery<R>({ ...entry.query, parameters })
  }
}
