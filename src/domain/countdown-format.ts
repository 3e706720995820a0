const pad = (value: number) => String(value).padStart(2, '0')

/** A countdown as a clock: '02:13:05' (hours grow past 24 if ever needed). */
export function formatCountdown(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000))
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  return `${pad(hours)}:${pad(minutes)}:${pad(totalSeconds % 60)}`
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`

/**
 * The countdown in words to the minute, rounded up: '2 hours 14 minutes', '1 minute', 'less than a
 * minute'. A screen reader hears this, so it changes at most once a minute.
 */
export function countdownInWords(remainingMs: number): string {
  if (remainingMs < 60_000) return 'less than a minute'
  const totalMinutes = Math.ceil(remainingMs / 60_000)
  const hours = Math.floor(totalMinutes / 60)
  const minutes = totalMinutes % 60
  if (hours === 0) return plural(minutes, 'minute')
  return minutes === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(minutes, 'minute')}`
}

const clockTime = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' })

/** When the next poll starts, in the browser's time zone (spec §4: poll times are local): 'Mon 2:00 PM'. */
export function formatPollStart(epochMs: number): string {
  return clockTime.format(epochMs)
}
