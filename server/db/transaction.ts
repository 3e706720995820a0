import { poolWaitTimer } from '../metrics/pool-wait'
import type { Db, Tx } from './database'

/** PostgreSQL's "try again" answers: serialization failure and deadlock. SQLite writers queue instead. */
const retryableCodes = new Set(['40001', '40P01'])
const maxAttempts = 5

function isRetryable(error: unknown): boolean {
  return retryableCodes.has((error as { code?: string })?.code ?? '')
}

/**
 * Runs `work` in one transaction (BEGIN IMMEDIATE on SQLite) and repeats it when PostgreSQL reports a
 * deadlock or serialization failure, so callers see either the whole change or none of it.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const held = poolWaitTimer(db)
      return await db.transaction().execute((tx) => {
        held()
        return work(tx)
      })
    } catch (error) {
      if (!isRetryable(error) || attempt >= maxAttempts) throw error
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt))
    }
  }
}
