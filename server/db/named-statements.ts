import { createHash } from 'node:crypto'
import type { PostgresPool, PostgresPoolClient } from 'kysely'
import type pg from 'pg'

/**
 * SQL texts run often enough, and in few enough shapes, to keep prepared on every PostgreSQL
 * connection: the queries `preparedQuery` compiles once, and the state's version read. node-postgres
 * sends any other text unnamed, so the server parses and plans it again on every execution; a named
 * one is parsed once per connection (the pool's ten) and then only bound and run. Only texts marked
 * here are named: a connection keeps each named statement for its life, so their number must stay
 * bounded (no `in (…)` lists of any length).
 */
const reusable = new Map<string, string>()

/** Marks a SQL text for PostgreSQL to keep prepared on each connection. */
export function keepPrepared(text: string): void {
  if (!reusable.has(text))
    reusable.set(text, `alpha_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`)
}

/** The statement name of a marked text; undefined for any other. */
export function preparedNameOf(text: string): string | undefined {
  return reusable.get(text)
}

/**
 * The pool as Kysely's PostgreSQL dialect takes it, running marked texts as named statements
 * (node-postgres's `name`, a public option of its queries) and everything else as before.
 */
export function namingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect()
      const query = (text: unknown, parameters?: ReadonlyArray<unknown>) => {
        // a cursor (streamed query) goes through as it is
        if (typeof text !== 'string') return client.query(text as never)
        const name = preparedNameOf(text)
        if (name) return client.query({ name, text, values: [...(parameters ?? [])] })
        return client.query(text, parameters as unknown[])
      }
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() }
    },
    end: () => pool.end(),
  }
}
