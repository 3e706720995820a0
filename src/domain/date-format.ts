/** Spec §9: en-US only. Times are the player's local ones unless a zone is given (tests give 'UTC'). */
const locale = 'en-US'

const formatters = new Map<string, Intl.DateTimeFormat>()

/** Intl.DateTimeFormat is costly to build and the live stream formats a time per message. */
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options)
  let known = formatters.get(key)
  if (!known) {
    known = new Intl.DateTimeFormat(locale, options)
    formatters.set(key, known)
  }
  return known
}

/** A time of day: `2:05 PM`. */
export function formatTime(epochMs: number, timeZone?: string): string {
  return formatter({ hour: 'numeric', minute: '2-digit', timeZone }).format(epochMs)
}

/** A day: `Jan 5`. */
export function formatShortDate(epochMs: number, timeZone?: string): string {
  return formatter({ month: 'short', day: 'numeric', timeZone }).format(epochMs)
}

/** A day in words: `Monday, January 5`. */
export function formatLongDate(epochMs: number, timeZone?: string): string {
  return formatter({ weekday: 'long', month: 'long', day: 'numeric', timeZone }).format(epochMs)
}

/** A date and time: `Jan 5, 2:05 PM`. */
export function formatDateTime(epochMs: number, timeZone?: string): string {
  return formatter({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(
    epochMs,
  )
}

/** The machine-readable form for `<time dateTime>`. */
export const isoDateTime = (epochMs: number) => new Date(epochMs).toISOString()
