/** Failed sign-ins an account may have before each further try has to wait. */
export const freeSignInFailures = 5
export const maxSignInDelayMs = 15 * 60_000

/**
 * How long after the last failure the next sign-in try for the same login is refused:
 * nothing for the first five failures, then 1 s, 2 s, 4 s ... up to 15 minutes.
 */
export function signInDelayMs(failures: number): number {
  if (failures < freeSignInFailures) return 0
  return Math.min(maxSignInDelayMs, 1000 * 2 ** (failures - freeSignInFailures))
}

/**
 * A login's failures are forgotten a day after its last one (the rows go): the count slows a guesser
 * who keeps guessing, at one try per `maxSignInDelayMs` at worst (96 a day); one who pauses a day gets
 * five free tries again, fewer. Longer than any wait, so forgetting never ends a wait early, and the
 * rows of logins mistyped once do not pile up.
 */
export const signInFailuresForgottenAfterMs = 24 * 3600_000
