import { sql } from 'kysely'
import type { Db } from '../../server/db/database'
import type { TestDialect } from './databases'

/** Every row of every table, as sorted JSON texts per table. */
export type Snapshot = Record<string, string[]>

export async function tableNames(db: Db, dialect: TestDialect): Promise<string[]> {
  const query =
    dialect === 'sqlite'
      ? sql<{
          name: string
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      : sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`
  const { rows } = await query.execute(db)
  return rows.map((r) => r.name).sort()
}

/** Every row of every table, as sorted JSON texts per table (PostgreSQL: in one round trip). */
export async function snapshot(db: Db, dialect: TestDialect, tables: string[]): Promise<Snapshot> {
  if (dialect === 'postgres') {
    const perTable = tables.map(
      (table) =>
        sql`select ${table} as name, coalesce((select json_agg(r)::text from ${sql.table(table)} r), '[]') as rows`,
    )
    const { rows } = await sql<{
      name: string
      rows: string
    }>`${sql.join(perTable, sql` union all `)}`.execute(db)
    return Object.fromEntries(
      rows.map((r) => [r.name, (JSON.parse(r.rows) as unknown[]).map((row) => JSON.stringify(row)).sort()]),
    )
  }
  const entries = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql`select * from ${sql.table(table)}`.execute(db)
      return [table, rows.map((row) => JSON.stringify(row)).sort()] as const
    }),
  )
  return Object.fromEntries(entries)
}

export const short = (text: string) =>
  text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text

export interface RowChange {
  table: string
  change: 'removed' | 'added'
  row: string
}

/** Rows only before (removed, or the old version of a changed row) or only after (added, or the new version). */
export function rowChanges(before: Snapshot, after: Snapshot): RowChange[] {
  const changes: RowChange[] = []
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? [])
    const is = new Set(after[table] ?? [])
    for (const row of was) if (!is.has(row)) changes.push({ table, change: 'removed', row })
    for (const row of is) if (!was.has(row)) changes.push({ table, change: 'added', row })
  }
  return changes
}

export const describeChanges = (changes: RowChange[]) =>
  changes.map((c) => `${c.table} ${c.change} ${short(c.row)}`)
