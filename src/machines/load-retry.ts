/**
 * How a failed list load tries again in the background (issue "The social loop", point 3): after 2 s,
 * then 10 s, then every 60 s. The count of failures in a row saturates at the last step, so a machine
 * that keeps it in its context has few states (its generated path tests stay finite).
 */
export const retryDelaysMs = [2_000, 10_000, 60_000] as const

/** The failures in a row after one more: at most the number of steps. */
export const oneMoreFailure = (failures: number) => Math.min(failures + 1, retryDelaysMs.length)

/** The wait before the next try after `failures` failures in a row (at least one). */
export const retryDelayMs = (failures: number) =>
  retryDelaysMs[Math.min(Math.max(failures, 1), retryDelaysMs.length) - 1] as number

/**
 * What a view shows of a loaded list: its skeleton, a failure in its place, its empty text, the list,
 * or the list kept from an earlier load with a notice that refreshing it failed.
 */
export type LoadStatus = 'loading' | 'failed' | 'empty' | 'ready' | 'refreshFailed'

export interface LoadProgress {
  /** failed loads in a row: 0 once one succeeds */
  readonly failures: number
  /** whether the last load that ended succeeded (a reload under way keeps it) */
  readonly settled: boolean
}

/**
 * The one rule every list follows: data beats the skeleton; a failure shows only instead of emptiness,
 * and it stays while a retry runs (no skeleton flashing between the tries) until a load succeeds.
 * `failures` are the failed loads in a row, `settled` whether a load has succeeded.
 */
export function loadStatusOf({ failures, settled }: LoadProgress, hasData: boolean): LoadStatus {
  const phase = failures > 0 ? 'failed' : settled ? 'loaded' : 'pending'
  if (phase === 'failed') return hasData ? 'refreshFailed' : 'failed'
  if (hasData) return 'ready'
  return phase === 'loaded' ? 'empty' : 'loading'
}
