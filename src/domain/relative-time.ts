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
  const size = Math.abs(diff)
  if (size < minute) return relative.format(Math.trunc(diff / second), 'second')
  if (size < hour) return relative.format(Math.trunc(diff / minute), 'minute')
  if (size < 2 * day) return relative.format(Math.trunc(diff / hour), 'hour')
  return relative.format(Math.trunc(diff / day), 'day')
}
