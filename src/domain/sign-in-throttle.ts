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
