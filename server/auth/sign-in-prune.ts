import { signInFailuresForgottenAfterMs } from '../../src/domain/sign-in-throttle'
import type { Executor } from '../db/database'
import { deleteInChunks } from '../jobs/chunked-delete'
import type { Job } from '../jobs/job-runner'
import { sessionIdleTimeoutMs } from './sessions.repo'

/** Rows dropped per statement, as for idempotency keys: a backlog never holds the loop for long. */
export const signInPruneChunk = 500

/**
 * Drops the sessions idle longer than `sessionIdleTimeoutMs`, oldest first: such a session signs
 * nobody in any more (`findSignedIn` drops it when its cookie comes back), but a cookie that never
 * comes back (a cleared browser, a lost phone) left its row for good.
 */
export function pruneIdleSessions(db: Executor, now: number, chunk = signInPruneChunk): Promise<number> {
  return deleteInChunks(chunk, (limit) =>
    db
      .deleteFrom('sessions')
      .where(
        'idHash',
        'in',
        db
          .selectFrom('sessions')
          .select('idHash')
          .where('lastSeenAt', '<', now - sessionIdleTimeoutMs)
          .orderBy('lastSeenAt')
          .limit(limit),
      )
      .executeTakeFirst(),
  )
}

/**
 * Drops the failed sign-ins of logins that failed last more than `signInFailuresForgottenAfterMs` ago:
 * every login ever mistyped (or guessed) had its row kept for good.
 */
export function pruneForgottenSignInFailures(
  db: Executor,
  now: number,
  chunk = signInPruneChunk,
): Promise<number> {
  return deleteInChunks(chunk, (limit) =>
    db
      .deleteFrom('signInFailures')
      .where(
        'loginKey',
        'in',
        db
          .selectFrom('signInFailures')
          .select('loginKey')
          .where('lastFailureAt', '<', now - signInFailuresForgottenAfterMs)
          .orderBy('lastFailureAt')
          .limit(limit),
      )
      .executeTakeFirst(),
  )
}

export function signInPruneJob(db: Executor): Job {
  return {
    name: 'prune idle sessions and forgotten sign-in failures',
    run: async (now) => {
      await pruneIdleSessions(db, now)
      await pruneForgottenSignInFailures(db, now)
    },
  }
}
