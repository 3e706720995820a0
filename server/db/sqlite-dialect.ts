import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  SqliteDialect,
} from 'kysely'
import type { PoolReading } from '../metrics/metrics'
import type { StatementCache } from './sqlite-statements'

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

/** Runs a compiled query on its statement from the cache: the compiled-statement cache of Kysely's queries. */
function run<R>(statements: StatementCache, compiledQuery: CompiledQuery): QueryResult<R> {
  const statement = statements.get(compiledQuery.sql)
  const parameters = compiledQuery.parameters as unknown[]
  if (statement.reader) return { rows: statement.all(parameters) as R[] }
  const { changes, lastInsertRowid } = statement.run(parameters)
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] }
}

class SqliteConnection implements DatabaseConnection {
  constructor(readonly statements: StatementCache) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.resolve(run<R>(this.statements, compiledQuery))
  }

  // biome-ignore lint/correctness/useYield: Kysely's interface; the app streams no query
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported')
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Kysely's SQLite driver with a first-come first-served connection mutex, prepared statements from
 * the handle's cache, and writes that take the database lock at BEGIN (BEGIN IMMEDIATE), so two
 * processes on one SQLite file wait for each other (busy_timeout) instead of failing when a read
 * transaction tries to become a write one.
 */
class ImmediateSqliteDriver implements Driver {
  readonly #connection: SqliteConnection

  constructor(
    statements: StatementCache,
    private readonly mutex: FifoMutex,
  ) {
    this.#connection = new SqliteConnection(statements)
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
    this.#connection.statements.handle.close()
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

export class ImmediateSqliteDialect extends SqliteDialect {
  /** the one connection's queue: the dialect keeps it so the pool metrics can read it */
  readonly mutex = new FifoMutex()
  constructor(readonly statements: StatementCache) {
    super({ database: statements.handle })
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.statements, this.mutex)
  }
  override createAdapter(): DialectAdapter {
    return new ImmediateSqliteAdapter()
  }
}

/**
 * Single statements that see only committed rows, run at once on the handle when no transaction is
 * open on it (there is nothing else to see then, and one statement runs whole), else after the
 * transaction, in the connection's queue. For the read of every request (the caller's session): it
 * must not queue behind the other requests' single statements, nor see a group commit's rows before
 * its COMMIT. No transactions; never use it from inside one (it would wait for itself).
 */
class CommittedStatementConnection implements DatabaseConnection {
  constructor(
    readonly statements: StatementCache,
    readonly mutex: FifoMutex,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.statements.handle.inTransaction) return run<R>(this.statements, compiledQuery)
    await this.mutex.lock()
    try {
      return run<R>(this.statements, compiledQuery)
    } finally {
      this.mutex.unlock()
    }
  }

  // biome-ignore lint/correctness/useYield: Kysely's interface; the app streams no query
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported')
  }
}

const singleStatementsOnly = () => new Error('committed reads run single statements, not transactions')

class CommittedStatementDriver implements Driver {
  constructor(readonly connection: CommittedStatementConnection) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection
  }
  async beginTransaction(): Promise<void> {
    throw singleStatementsOnly()
  }
  async commitTransaction(): Promise<void> {
    throw singleStatementsOnly()
  }
  async rollbackTransaction(): Promise<void> {
    throw singleStatementsOnly()
  }
  async releaseConnection(): Promise<void> {}
  /** the handle belongs to the main database, which closes it */
  async destroy(): Promise<void> {}
}

/** The dialect of `committedStatements` (see connect.ts), on the main dialect's handle and queue. */
export class CommittedStatementDialect extends SqliteDialect {
  constructor(readonly main: ImmediateSqliteDialect) {
    super({ database: main.statements.handle })
  }
  override createDriver(): Driver {
    return new CommittedStatementDriver(
      new CommittedStatementConnection(this.main.statements, this.main.mutex),
    )
  }
}
