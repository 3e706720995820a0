import { sql } from 'kysely'
import { signInDelayMs } from '../../src/domain/sign-in-throttle'
import type { Executor } from '../db/database'

/** Milliseconds until the login may be tried again; 0 when it may now. */
export async function signInWaitMs(db: Executor, loginKey: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('signInFailures')
    .selectAll()
    .where('loginKey', '=', loginKey)
    .executeTakeFirst()
  if (!row) return 0
  return Math.max(0, row.lastFailureAt + signInDelayMs(row.failures) - now)
}

export async function recordSignInFailure(db: Executor, loginKey: string, now: number): Promise<void> {
  await db
    .insertInto('signInFailures')
    .values({ loginKey, failures: 1, lastFailureAt: now })
    .onConflict((oc) =>
      oc.column('loginKey').doUpdateSet({ failures: sql`sign_in_failures.failures + 1`, lastFailureAt: now }),
    )
    .execute()
}

export async function clearSignInFailures(db: Executor, loginKey: string): Promise<void> {
  await db.deleteFrom('signInFailures').where('loginKey', '=', loginKey).execute()
}
