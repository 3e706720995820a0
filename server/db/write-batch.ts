import type SQLite from 'better-sqlite3'
import { sqliteHandleOf } from './connect'
import type { Db, Tx } from './database'
import { isPostgres } from './dialect'
import { inTransaction } from './transaction'

/** Writes committed together at most: bounds how long one commit holds the write lock. */
export const maxWritesPerCommit = 64

/** A write as Kysely statements, or as synchronous statements on the better-sqlite3 handle. */
type Work = { tx: (tx: Tx) => Promise<unknown> } | { handle: (handle: SQLite.Database) => unknown }

interface Pending {
  work: Work
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

const savepoint = 'savepoint batched_write'
const release = 'release batched_write'
const rollbackTo = 'rollback to batched_write'

/**
 * Group commit for SQLite: writes that arrive while the event loop is busy are run one after the other
 * in one transaction (BEGIN IMMEDIATE ... COMMIT), each inside its own savepoint, and every caller hears
 * its answer only after that COMMIT, so an acknowledged write is as durable as with a transaction of
 * its own (synchronous=FULL), while the disk syncs once per group instead of once per write. A write
 * that fails is rolled back to its savepoint alone: the others commit, and it rejects with its error,
 * as `inTransaction` would. If the commit itself fails, every write of the group rejects.
 */
class WriteQueue {
  readonly #pending: Pending[] = []
  #scheduled = false
  #running = false
  /** commits made and writes they carried: for tests and diagnosis */
  readonly stats = { commits: 0, writes: 0 }

  readonly #savepoint: SQLite.Statement
  readonly #release: SQLite.Statement
  readonly #rollbackTo: SQLite.Statement

  constructor(
    readonly db: Db,
    readonly handle: SQLite.Database,
  ) {
    this.#savepoint = handle.prepare(savepoint)
    this.#release = handle.prepare(release)
    this.#rollbackTo = handle.prepare(rollbackTo)
  }

  /** Runs one write inside the group's transaction (the connection is held, so the handle is ours). */
  #run(work: Work, tx: Tx): unknown {
    return 'tx' in work ? work.tx(tx) : work.handle(this.handle)
  }

  push(pending: Pending): void {
    this.#pending.push(pending)
    this.#schedule()
  }

  #schedule(): void {
    if (this.#scheduled || this.#running || this.#pending.length === 0) return
    this.#scheduled = true
    // After the I/O callbacks of this turn: the requests that arrived together queue their writes first.
    setImmediate(() => {
      this.#scheduled = false
      void this.#flush()
    })
  }

  async #flush(): Promise<void> {
    this.#running = true
    const group = this.#pending.splice(0, maxWritesPerCommit)
    try {
      if (group.length === 1) {
        const [only] = group as [Pending]
        await inTransaction(this.db, async (tx) => this.#run(only.work, tx)).then(only.resolve, only.reject)
        this.stats.commits += 1
        this.stats.writes += 1
        return
      }
      let outcomes: Outcome[]
      try {
        outcomes = await inTransaction(this.db, async (tx) => {
          const done: Outcome[] = []
          // Savepoints straight on the handle: the transaction holds the connection, and a synchronous
          // write then runs the whole of its savepoint without yielding.
          for (const { work } of group) {
            this.#savepoint.run()
            try {
              done.push({ ok: true, value: await this.#run(work, tx) })
            } catch (error) {
              this.#rollbackTo.run()
              done.push({ ok: false, error })
            }
            this.#release.run()
          }
          return done
        })
      } catch (error) {
        for (const pending of group) pending.reject(error)
        return
      }
      this.stats.commits += 1
      this.stats.writes += group.length
      group.forEach((pending, k) => {
        const outcome = outcomes[k] as Outcome
        if (outcome.ok) pending.resolve(outcome.value)
        else pending.reject(outcome.error)
      })
    } finally {
      this.#running = false
      this.#schedule()
    }
  }
}

const queues = new WeakMap<Db, WriteQueue>()

function queueOf(db: Db, handle: SQLite.Database): WriteQueue {
  let queue = queues.get(db)
  if (!queue) {
    queue = new WriteQueue(db, handle)
    queues.set(db, queue)
  }
  return queue
}

function handleOf(db: Db): SQLite.Database {
  const handle = sqliteHandleOf(db)
  if (!handle) throw new Error('group commit needs a database made by connectDatabase')
  return handle
}

/**
 * Runs `work` as one atomic write, like `inTransaction`, for short writes of request handlers (a tag,
 * a bet). SQLite: group commit with the writes queued at the same time (see WriteQueue); `work` must
 * only use `tx` and must not wait for anything but it (no network), since the group waits for it.
 * PostgreSQL: a transaction of its own (the server commits concurrent transactions together already).
 */
export function inWriteTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return inTransaction(db, work)
  return new Promise<T>((resolve, reject) => {
    queueOf(db, handleOf(db)).push({
      work: { tx: work },
      resolve: resolve as (value: unknown) => void,
      reject,
    })
  })
}

/**
 * The SQLite fast path of `inWriteTransaction`: `work` runs synchronously on the better-sqlite3 handle
 * (cached prepared statements, no Kysely, no await), inside the group's transaction and its own
 * savepoint, with the same answer after the COMMIT. Undefined when `db` is not SQLite (PostgreSQL):
 * the caller takes its Kysely path then.
 */
export function inSqliteWrite<T>(db: Db, work: (handle: SQLite.Database) => T): Promise<T> | undefined {
  const handle = sqliteHandleOf(db)
  if (!handle) return undefined
  return new Promise<T>((resolve, reject) => {
    queueOf(db, handle).push({ work: { handle: work }, resolve: resolve as (value: unknown) => void, reject })
  })
}

/** Commits and writes of the database's write queue so far (SQLite; zeros on PostgreSQL). */
export function writeQueueStats(db: Db): { commits: number; writes: number } {
  return { ...(queues.get(db)?.stats ?? { commits: 0, writes: 0 }) }
}
