import { addDays, type PlainDate, zonedDate, zonedEpochMs } from './zoned-time'

/** A calendar date as YYYY-MM-DD. */
export const isoDay = (date: PlainDate) =>
  `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`

/**
 * A balance at the end of each of the last `days` days (the last one is today, so far), from the
 * balance now and the changes since the first day began: each day's end is the balance now less every
 * change after it. Amounts in the caller's unit; days as YYYY-MM-DD in the zone.
 */
export function balanceHistory(
  balanceNow: number,
  changes: readonly { readonly at: number; readonly amount: number }[],
  now: number,
  days: number,
  timeZone: string,
): { day: string; balance: number }[] {
  const today = zonedDate(now, timeZone)
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i - days + 1)
    const end = Math.min(now, zonedEpochMs(addDays(date, 1), 0, 0, timeZone))
    const later = changes.reduce((sum, change) => (change.at >= end ? sum + change.amount : sum), 0)
    return { day: isoDay(date), balance: balanceNow - later }
  })
}

/**
 * How many days of history to show: at most `maxDays`, and none before the day the game began (`since`,
 * its first ledger entry; a game without one has only today), so a new game lists no days it did not have.
 */
export function historyDays(
  since: number | undefined,
  now: number,
  timeZone: string,
  maxDays: number,
): number {
  if (since === undefined) return 1
  const first = zonedDate(since, timeZone)
  const today = zonedDate(now, timeZone)
  const apart = Math.round(
    (Date.UTC(today.year, today.month - 1, today.day) - Date.UTC(first.year, first.month - 1, first.day)) /
      86_400_000,
  )
  return Math.min(maxDays, Math.max(1, apart + 1))
}
