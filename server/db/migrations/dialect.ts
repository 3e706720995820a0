import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely'

// Migrations are frozen once released, so they import nothing from the app; this is their own helper.
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** An integer key the database numbers itself. */
export function autoId(db: Kysely<unknown>) {
  return (column: ColumnDefinitionBuilder) =>
    isPostgres(db) ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement()
}
