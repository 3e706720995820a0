import { PostgresAdapter } from 'kysely'
import type { Executor } from './database'

/**
 * Whether the database is PostgreSQL. Set-based statements differ where the dialects do: a VALUES list
 * joins well on PostgreSQL, while SQLite's planner wants an indexed (temporary) table to join against.
 */
export function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}
