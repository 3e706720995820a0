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
  type QueryResult,
  SqliteAdapter,
  SqliteDialect,
} from 'kysely'
import pg from 'pg'
import type { PoolReading } from '../metrics/metrics'
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
 * Hands the one SQLite connection to one caller at a time, in the order they asked. Kysely's own mutex
 * wakes every waiter on each release (all but one go back to sleep), which under a few hundred
 * concurrent requests costs more than the statements themselves.
 */
export class FifoMutex {
  #locked = false
  readonly #waiters: (() => void)[] = []

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true
      return Promise.resolve()
    }
    return new Promise((resolve) => this.#waiters.push(resolve))
  }

  unlock(): void {
    const next = this.#waiters.shift()
    if (next) next()
    else this.#locked = false
  }

  /** held and queued callers, for the pool metrics */
  get reading(): PoolReading {
    return { inUse: this.#locked ? 1 : 0, waiting: this.#waiters.length }
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

class SqliteConnection implements DatabaseConnection {
  constructor(readonly sqlite: SQLite.Database) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.sqlite.prepare(compiledQuery.sql)
    const parameters = compiledQuery.parameters as unknown[]
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] })
    const { changes, lastInsertRowid } = statement.run(parameters)
    return Promise.resolve({
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    })
  }

  // biome-ignore lint/correctness/useYield: Kysely's interface; the app streams no query
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported')
  }
}

/**
 * Kysely's SQLite driver with a first-come first-served connection mutex, and writes that take the
 * database lock at BEGIN (BEGIN IMMEDIATE), so two processes on one SQLite file wait for each other
 * (busy_timeout) instead of failing when a read transaction tries to become a write one.
 */
class ImmediateSqliteDriver implements Driver {
  readonly #connection: SqliteConnection

  constructor(
    sqlite: SQLite.Database,
    private readonly mutex: FifoMutex,
  ) {
    this.#connection = new SqliteConnection(sqlite)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock()
    return this.#connection
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoted(name)}`))
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoted(name)}`))
  }

  async releaseConnection(): Promise<void> {
    this.mutex.unlock()
  }

  async destroy(): Promise<void> {
    this.#connection.sqlite.close()
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
  readonly #sqlite: SQLite.Database
  /** the one connection's queue: the dialect keeps it so the pool metrics can read it */
  readonly mutex = new FifoMutex()
  constructor(sqlite: SQLite.Database) {
    super({ database: sqlite })
    this.#sqlite = sqlite
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#sqlite, this.mutex)
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

const sqliteHandles = new WeakMap<object, SQLite.Database>()

/**
 * The better-sqlite3 handle behind a database made by `connectDatabase` (not behind a transaction),
 * for the few hot statements that must not queue for the connection: only statements that read
 * nothing a transaction could leave half-done (see data-version.ts).
 */
export function sqliteHandleOf(db: object): SQLite.Database | undefined {
  return sqliteHandles.get(db)
}

const poolReadings = new WeakMap<object, () => PoolReading>()

/** How busy the connections behind a database made by `connectDatabase` are (the pool metrics). */
export function poolReadingOf(db: object): PoolReading | undefined {
  return poolReadings.get(db)?.()
}

export function connectDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    const pool = postgresPool(options.databaseUrl, options.onPoolError)
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
    })
    poolReadings.set(db, () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }))
    return db
  }
  const sqlite = openSqlite(options.dataDir)
  const dialect = new ImmediateSqliteDialect(sqlite)
  const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] })
  sqliteHandles.set(db, sqlite)
  poolReadings.set(db, () => dialect.mutex.reading)
  return db
}
