import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
} from 'kysely'
import pg from 'pg'
import type { Database, Db } from './database'
import { cachePreparedStatements } from './statement-cache'

export type DialectName = 'sqlite' | 'postgres'

export interface DatabaseOptions {
  /** PostgreSQL connection string; SQLite when absent. */
  databaseUrl?: string
  /** Folder of `alpha.sqlite`; ':memory:' for a throw-away database. */
  dataDir: string
  /** Told about errors of idle PostgreSQL connections. */
  onPoolError?: (error: Error) => void
}

// PostgreSQL returns int8 (our millisecond timestamps and counts) as strings unless told otherwise;
// every value we store fits a double exactly.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))

/**
 * Writes take the database lock at BEGIN, so two processes on one SQLite file wait for each other
 * (busy_timeout) instead of failing when a read transaction tries to become a write one.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

/**
 * SQLite does run DDL inside transactions, though Kysely's adapter says otherwise; saying so makes the
 * migrator run each batch in one (BEGIN IMMEDIATE), so two processes migrating one fresh file at once
 * (the server starting while `npm run admin` runs) wait for each other instead of both creating tables.
 */
class ImmediateSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0]
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config)
    this.#config = config
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config)
  }
  override createAdapter(): DialectAdapter {
    return new ImmediateSqliteAdapter()
  }
}

function openSqlite(dataDir: string): SQLite.Database {
  const file = dataDir === ':memory:' ? ':memory:' : join(dataDir, 'alpha.sqlite')
  if (file !== ':memory:') mkdirSync(dataDir, { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  // FULL: an acknowledged bet or tag survives a power cut, not only a process crash.
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  cachePreparedStatements(sqlite)
  return sqlite
}

/**
 * An idle pooled connection that the server drops (restart, failover, admin termination) must not take
 * the process down: the pool replaces it on the next checkout.
 */
function postgresPool(connectionString: string, onError: (error: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 10 })
  pool.on('error', onError)
  return pool
}

export function dialectOf(options: DatabaseOptions): DialectName {
  return options.databaseUrl ? 'postgres' : 'sqlite'
}

export function connectDatabase(options: DatabaseOptions): Db {
  const dialect = options.databaseUrl
    ? new PostgresDialect({ pool: postgresPool(options.databaseUrl, options.onPoolError) })
    : new ImmediateSqliteDialect({ database: openSqlite(options.dataDir) })
  return new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] })
}
