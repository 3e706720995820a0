import { sqlitePartsOf } from './connect'
import type { Db, Tx } from './database'
import { isPostgres } from './dialect'
import type { StatementCache } from './sqlite-statements'
import { inTransaction } from './transaction'

/** Writes committed together at most: bounds how long one commit holds the write lock. */
export const maxWritesPerCommit = 64

/** A write as Kysely statements in the group's transaction. */
type Work = (tx: Tx) => Promise<unknown>

interface Pending {
  work: Work
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

const savepointSql = 'savepoint batched_write'
const releaseSql = 'release batched_write'
const rollbackToSql = 'rollback to batched_write'

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

  constructor(
    readonly db: Db,
    readonly statements: StatementCache,
  ) {}

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
        // counted before the caller hears its answer, and only when it committed
        await inTransaction(this.db, only.work).then((value) => {
          this.stats.commits += 1
          this.stats.writes += 1
          only.resolve(value)
        }, only.reject)
        return
      }
      let outcomes: Outcome[]
      try {
        outcomes = await inTransaction(this.db, async (tx) => {
          const done: Outcome[] = []
          // Savepoints straight on the handle (the transaction holds the connection): no query to build
          // for a fixed text, three times per write.
          const { statements } = this
          for (const { work } of group) {
            statements.get(savepointSql).run()
            try {
              done.push({ ok: true, value: await work(tx) })
            } catch (error) {
              statements.get(rollbackToSql).run()
              done.push({ ok: false, error })
            }
            statements.get(releaseSql).run()
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

function queueOf(db: Db): WriteQueue {
  let queue = queues.get(db)
  if (!queue) {
    const statements = sqlitePartsOf(db)?.statements
    if (!statements) throw new Error('group commit needs a database made by connectDatabase')
    queue = new WriteQueue(db, statements)
    queues.set(db, queue)
  }
  return queue
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
    queueOf(db).push({ work, resolve: resolve as (value: unknown) => void, reject })
  })
}

/** Commits and writes of the database's write queue so far (SQLite; zeros on PostgreSQL). */
export function writeQueueStats(db: Db): { commits: number; writes: number } {
  return { ...(queues.get(db)?.stats ?? { commits: 0, writes: 0 }) }
}
