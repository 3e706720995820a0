import { addDays, type PlainDate, zonedDate, zonedEpochMs } from './zoned-time'

const isoDay = (date: PlainDate) =>
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
