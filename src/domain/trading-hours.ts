import { BoundedMap } from './bounded-map'
import { addDays, type PlainDate, zonedEpochMs } from './zoned-time'

/** When a market trades, in its own time zone. Product data of the universe, sent with each title. */
export interface TradingHours {
  /** IANA zone of the hours */
  zone: string
  /** ISO weekdays (1 = Monday) that are trading dates */
  days: readonly number[]
  /** session start, minutes after local midnight */
  open: number
  /** session end, minutes after local midnight; 1440 is the midnight that ends the date */
  close: number
  /** the session of a date starts the evening before (FX, futures: Sunday 17:00 New York opens Monday) */
  opensDayBefore?: boolean
}

export const dayMs = 86_400_000

/** ISO weekday (1 = Monday) of a day number (days since 1970-01-01, a Thursday). */
export function weekdayOf(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1
}

const epochDate: PlainDate = { year: 1970, month: 1, day: 1, dayOfWeek: 4 }

/** The instant of `minutes` after local midnight of day number `day` in the hours' zone. */
function instantOf(hours: TradingHours, day: number, minutes: number): number {
  const date = addDays(epochDate, day + Math.floor(minutes / 1440))
  const rest = minutes % 1440
  return zonedEpochMs(date, Math.floor(rest / 60), rest % 60, hours.zone)
}

/** A session, [start, end) in epoch ms. */
export type SessionTimes = Readonly<{ start: number; end: number }>

/** The session of trading date `day`, computed afresh: what `sessionOnDate` keeps. */
export function computeSessionOnDate(hours: TradingHours, day: number): SessionTimes | null {
  if (!hours.days.includes(weekdayOf(day))) return null
  const start = instantOf(hours, hours.opensDayBefore ? day - 1 : day, hours.open)
  const end = instantOf(hours, day, hours.close)
  return end > start ? { start, end } : null
}

/**
 * Sessions by trading date and hours. Each tag asks whether its market trades, which looks at a few
 * weeks of dates, every time the same ones. Keyed by the hours' content, not the object: titles read
 * from JSON bring equal hours in fresh objects.
 */
export const sessionsKept = 4096
const sessions = new BoundedMap<string, SessionTimes | null>(sessionsKept)

/** How many sessions are kept (a test holds the memo bounded). */
export const keptSessions = (): number => sessions.size

const hoursKey = (hours: TradingHours) =>
  `${hours.zone} ${hours.days.join(',')} ${hours.open} ${hours.close} ${hours.opensDayBefore === true}`

function keptSession(hours: TradingHours, key: string, day: number): SessionTimes | null {
  const dayKey = `${day} ${key}`
  const kept = sessions.get(dayKey)
  if (kept !== undefined) return kept
  const session = computeSessionOnDate(hours, day)
  // shared by every caller from now on: nobody may change it
  return sessions.set(dayKey, session && Object.freeze(session))
}

/** The session of trading date `day` ([start, end) in epoch ms), or null when the market does not trade. */
export function sessionOnDate(hours: TradingHours, day: number): SessionTimes | null {
  return keptSession(hours, hoursKey(hours), day)
}

/**
 * When a market with these hours opens next after `now`, or undefined while it trades. Undefined too when
 * the hours are unknown: the client then leaves the decision to the server. Held equal to the server's
 * TradingCalendar (which prices the simulation) by a unit test.
 */
export function nextMarketOpening(hours: TradingHours | undefined, now: number): number | undefined {
  if (!hours) return undefined
  const key = hoursKey(hours)
  // A session that holds `now` has a trading date from the day before now's UTC date to two days after.
  const today = Math.floor(now / dayMs)
  for (let day = today - 1; day <= today + 2; day += 1) {
    const session = keptSession(hours, key, day)
    if (session && session.start <= now && now < session.end) return undefined
  }
  // Sessions start in the order of their dates; a market shut for three weeks has no hours at all.
  for (let day = today - 1; day <= today + 21; day += 1) {
    const session = keptSession(hours, key, day)
    if (session && session.start > now) return session.start
  }
  throw new RangeError('no trading session in three weeks')
}
