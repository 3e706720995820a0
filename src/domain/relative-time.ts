/** Spec §9: en-US only. */
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' })

const second = 1000
const minute = 60 * second
const hour = 60 * minute
const day = 24 * hour

/**
 * A moment relative to `now` in the largest unit that keeps it readable: 'in 45 seconds',
 * 'in 12 minutes', '3 hours ago', 'in 2 days'. Hours run up to two days, so a poll's evaluation
 * reads 'in 30 hours' rather than 'in 1 day'.
 */
export function formatRelativeTime(at: number, now: number): string {
  const diff = at - now
  // to the nearest unit: 2 h 59 min ahead is 'in 3 hours', not 'in 2 hours' (a prediction just made),
  // and 59 min 59 s is 'in 1 hour', not 'in 60 minutes'
  const inUnits = (unit: number) => Math.round(diff / unit) || 0
  if (Math.abs(inUnits(second)) < 60) return relative.format(inUnits(second), 'second')
  if (Math.abs(inUnits(minute)) < 60) return relative.format(inUnits(minute), 'minute')
  if (Math.abs(inUnits(hour)) < 48) return relative.format(inUnits(hour), 'hour')
  return relative.format(inUnits(day), 'day')
}
