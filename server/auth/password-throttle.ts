import type { AppContext } from '../context'
import type { UserRow } from '../db/tables/users.table'
import { Refusal } from '../refusal'
import { clearSignInFailures, recordSignInFailure, signInWaitMs } from './sign-in-failures.repo'

/**
 * Failed password checks count per account, whichever of its names (username or e-mail) is typed and
 * wherever the password is checked (sign-in, account deletion), so a stolen session gains no guesses of
 * its own; a login without an account counts as typed (lower case).
 */
export function passwordFailureKey(user: UserRow | undefined, login: string): string {
  return user ? `account:${user.id}` : login.toLowerCase()
}

function throttled(waitMs: number): Refusal {
  const seconds = Math.ceil(waitMs / 1000)
  return new Refusal(
    'sign_in_throttled',
    `Too many failed sign-ins. Please try again in ${seconds} seconds.`,
    undefined,
    seconds,
  )
}

/**
 * Runs a password check under the per-account slow-down (src/domain/sign-in-throttle.ts): while the
 * account waits after its failures the check does not run and the answer is 429; a failure counts, a
 * success clears the count.
 */
export async function throttledPasswordCheck(
  ctx: AppContext,
  failureKey: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const now = ctx.clock.now()
  const waitMs = await signInWaitMs(ctx.db, failureKey, now)
  if (waitMs > 0) throw throttled(waitMs)
  const ok = await check()
  if (ok) await clearSignInFailures(ctx.db, failureKey)
  else await recordSignInFailure(ctx.db, failureKey, now)
  return ok
}
