import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { PoolReading } from '../metrics/metrics'
import type { Database, Db, Executor } from './database'
import { namingPool } from './named-statements'
import { CommittedStatementDialect, ImmediateSqliteDialect } from './sqlite-dialect'
import { StatementCache } from './sqlite-statements'

export { FifoMutex } from './sqlite-dialect'

export type DialectName = 'sqlite' | 'postgres'

export interface DatabaseOptions {
  /** PostgreSQL connection string; SQLite when absent. */
  databaseUrl?: string
  /** Folder of `alpha.sqlite`; ':memory:' for a throw-away database. */
  dataDir: string
  /** Told about errors of idle PostgreSQL connections. */
  onPoolError?: (error: Error) => void
  /** PostgreSQL connections open at most. @default defaultPoolSize */
  poolSize?: number
}

/** PostgreSQL connections a process opens at most unless told otherwise (DATABASE_POOL_SIZE). */
export const defaultPoolSize = 10

// PostgreSQL returns int8 (our millisecond timestamps and counts) as strings unless told otherwise;
// every value we store fits a double exactly.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))

/** How long a process opening the file waits for another to let go of it before giving up. */
const walSwitchPatienceMs = 5000

/**
 * Puts the file in WAL mode (a no-op once it is). Switching needs the file to itself, and SQLite
 * answers SQLITE_BUSY at once, without its busy handler, while another connection holds a write lock
 * (two processes starting on a new file: the server and `npm run admin`). So it tries again every
 * 20 ms, blocking: it runs once, while the process starts.
 */
function enterWalMode(sqlite: SQLite.Database): void {
  const giveUpAt = Date.now() + walSwitchPatienceMs
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL')
      return
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > giveUpAt) throw error
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20)
    }
  }
}

/** The SQLite database file of a data folder. */
export function sqliteFileOf(dataDir: string): string {
  return join(dataDir, 'alpha.sqlite')
}

function openSqlite(dataDir: string): SQLite.Database {
  const file = dataDir === ':memory:' ? ':memory:' : sqliteFileOf(dataDir)
  if (file !== ':memory:') mkdirSync(dataDir, { recursive: true })
  const sqlite = new SQLite(file)
  enterWalMode(sqlite)
  // FULL: an acknowledged bet or tag survives a power cut, not only a process crash.
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  return sqlite
}

/**
 * An idle pooled connection that the server drops (restart, failover, admin termination) must not take
 * the process down: the pool replaces it on the next checkout.
 */
function postgresPool(
  connectionString: string,
  max = defaultPoolSize,
  onError: (error: Error) => void = () => {},
): pg.Pool {
  const pool = new pg.Pool({ connectionString, max })
  pool.on('error', onError)
  return pool
}

export function dialectOf(options: DatabaseOptions): DialectName {
  return options.databaseUrl ? 'postgres' : 'sqlite'
}

/** What server/db keeps of a SQLite database made by `connectDatabase`. */
export interface SqliteParts {
  /** the handle's prepared statements (its handle: `statements.handle`) */
  statements: StatementCache
  /** single statements of committed rows that skip the connection's queue (see CommittedStatementDialect) */
  committed: Kysely<Database>
}

const sqliteParts = new WeakMap<object, SqliteParts>()

/** The SQLite parts behind a database made by `connectDatabase` (not behind a transaction). */
export function sqlitePartsOf(db: object): SqliteParts | undefined {
  return sqliteParts.get(db)
}

/**
 * Where a request reads what it reads first (its session) as single statements: on SQLite, at once
 * whenever no transaction is open, instead of queueing for the connection behind other requests;
 * on PostgreSQL the database itself. Not for use inside a transaction.
 */
export function committedStatements(db: Db): Executor {
  return sqliteParts.get(db)?.committed ?? db
}

const poolReadings = new WeakMap<object, () => PoolReading>()

/** How busy the connections behind a database made by `connectDatabase` are (the pool metrics). */
export function poolReadingOf(db: object): PoolReading | undefined {
  return poolReadings.get(db)?.()
}

export function connectDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = postgresPool(options.databaseUrl, options.poolSize, options.onPoolError)
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: namingPool(pool) }),
      plugins: [new CamelCasePlugin()],
    })
    poolReadings.set(db, () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }))
    return db
  }
  const statements = new StatementCache(openSqlite(options.dataDir))
  const dialect = new ImmediateSqliteDialect(statements)
  const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] })
  const committed = new Kysely<Database>({
    dialect: new CommittedStatementDialect(dialect),
    plugins: [new CamelCasePlugin()],
  })
  sqliteParts.set(db, { statements, committed })
  poolReadings.set(db, () => dialect.mutex.reading)
  return db
}
