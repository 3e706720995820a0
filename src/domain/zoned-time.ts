/**
 * Wall-clock time in an IANA time zone with nothing but `Intl.DateTimeFormat`: the few zone
 * calculations the client needs, without shipping a Temporal polyfill (about 18 kB gzip) to every page.
 * Results equal Temporal's (`toZonedDateTimeISO`, `disambiguation: 'compatible'`); a unit test holds
 * them against temporal-polyfill.
 */

import { BoundedMap } from './bounded-map'

/** A calendar date (ISO: months 1-12, days of the week 1 = Monday … 7 = Sunday). */
export interface PlainDate {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly dayOfWeek: number
}

const dayMs = 86_400_000
const minuteMs = 60_000
/** Date's range: an instant beyond it has no wall clock (formatToParts throws a RangeError). */
const maxEpochMs = 8.64e15

// Building a formatter costs far more than using one: one per zone, kept. Bounded: a zone's name may
// come in any letter case, so names are many.
const formatters = new BoundedMap<string, Intl.DateTimeFormat>(64)

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    // throws a RangeError for an unknown zone, as Temporal does
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The zone's wall clock at `epochMs` read as if it were UTC, in ms (whole seconds). */
function wallClockAsUtc(epochMs: number, timeZone: string): number {
  const fields: Record<string, number> = {}
  let bc = false
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type === 'era') bc = part.value.startsWith('B')
    else if (part.type !== 'literal') fields[part.type] = Number(part.value)
  }
  const year = bc ? 1 - (fields.year ?? 0) : (fields.year ?? 0)
  const utc = new Date(0)
  utc.setUTCFullYear(year, (fields.month ?? 1) - 1, fields.day ?? 1)
  utc.setUTCHours(fields.hour ?? 0, fields.minute ?? 0, fields.second ?? 0, 0)
  return utc.getTime()
}

/** The zone's UTC offset at `epochMs`, in ms, read from Intl each time: what `zoneOffsetMs` keeps. */
export function readZoneOffsetMs(epochMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000
  return wallClockAsUtc(wholeSecond, timeZone) - wholeSecond
}

/** Offsets by `${epoch minute} ${zone}`: the server asks for the same few minutes on every request. */
const minuteOffsets = new BoundedMap<string, number>(4096)

/** How many minutes' offsets are kept (a test holds the memo bounded). */
export const keptZoneOffsets = (): number => minuteOffsets.size

/**
 * The zone's UTC offset at `epochMs`, in ms (east of Greenwich positive). Reading it from Intl is the
 * dearest step of every zone calculation, so it is kept per minute: modern transitions fall on whole
 * minutes, but old ones need not (Monrovia's of 1972 fell at 00:44:30 UTC), so a minute is kept only
 * when its first and last second have the same offset. Transitions lie months apart, never two within
 * one minute, so the offset then holds for the whole minute.
 */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const minuteStart = Math.floor(epochMs / minuteMs) * minuteMs
  const minuteEnd = minuteStart + minuteMs - 1000
  if (!(minuteStart >= -maxEpochMs && minuteEnd <= maxEpochMs)) return readZoneOffsetMs(epochMs, timeZone)
  const key = `${minuteStart / minuteMs} ${timeZone}`
  const kept = minuteOffsets.get(key)
  if (kept !== undefined) return kept
  const first = readZoneOffsetMs(minuteStart, timeZone)
  const last = readZoneOffsetMs(minuteEnd, timeZone)
  if (first === last) return minuteOffsets.set(key, first)
  return readZoneOffsetMs(epochMs, timeZone)
}

function dateOfUtc(utcMs: number): PlainDate {
  const date = new Date(utcMs)
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    dayOfWeek: ((date.getUTCDay() + 6) % 7) + 1,
  }
}

/** The calendar date in `timeZone` at the instant `epochMs`. */
export function zonedDate(epochMs: number, timeZone: string): PlainDate {
  return dateOfUtc(epochMs + zoneOffsetMs(epochMs, timeZone))
}

/** `date` plus `days` calendar days (negative: before). */
export function addDays(date: PlainDate, days: number): PlainDate {
  const utc = new Date(0)
  utc.setUTCFullYear(date.year, date.month - 1, date.day + days)
  return dateOfUtc(utc.getTime())
}

/**
 * The instant of a wall-clock time on `date` in `timeZone`. As Temporal's 'compatible': a time that
 * occurs twice (clocks turned back) is its first occurrence; a time that a daylight-saving gap skips
 * moves forward by the gap (02:30 in a 02:00 -> 03:00 gap is 03:30).
 */
export function zonedEpochMs(date: PlainDate, hour: number, minute: number, timeZone: string): number {
  const utc = new Date(0)
  utc.setUTCFullYear(date.year, date.month - 1, date.day)
  utc.setUTCHours(hour, minute, 0, 0)
  const local = utc.getTime()
  // zones change their offset at most once within a day either side of a wall-clock time
  const before = zoneOffsetMs(local - dayMs, timeZone)
  const after = zoneOffsetMs(local + dayMs, timeZone)
  const candidates = [before, after, zoneOffsetMs(local, timeZone)]
    .map((offset) => local - offset)
    .filter((epochMs) => epochMs + zoneOffsetMs(epochMs, timeZone) === local)
  if (candidates.length > 0) return Math.min(...candidates)
  // in a gap: read the wall-clock time with the offset before it, which lands after the gap
  return local - before
}

const twoDigits = (n: number) => String(n).padStart(2, '0')

/**
 * ISO 8601 of the instant as the zone's wall clock with its offset, to the minute: `2026-11-27T15:30+01:00`
 * (what Temporal's ZonedDateTime prints without the bracketed zone). Times in server texts use it.
 */
export function zonedIsoMinute(epochMs: number, timeZone: string): string {
  const offset = zoneOffsetMs(epochMs, timeZone)
  const wall = new Date(epochMs + offset)
  const date = `${wall.getUTCFullYear()}-${twoDigits(wall.getUTCMonth() + 1)}-${twoDigits(wall.getUTCDate())}`
  const time = `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`
  const minutes = Math.round(Math.abs(offset) / 60_000)
  const sign = offset < 0 ? '-' : '+'
  return `${date}T${time}${sign}${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`
}
