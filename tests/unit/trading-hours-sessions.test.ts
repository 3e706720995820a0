import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { exchanges } from '../../server/market/trading-hours'
import {
  computeSessionOnDate,
  dayMs,
  keptSessions,
  sessionOnDate,
  type TradingHours,
} from '../../src/domain/trading-hours'

const weekdays = [1, 2, 3, 4, 5]
// the exchanges, zones with a 30-minute (Lord Howe) and a +5:45 (Kathmandu) offset, and hours that
// differ from each other in one field only: a memo keyed by too little mixes them up
const hours: TradingHours[] = [
  ...Object.values(exchanges),
  { zone: 'Australia/Lord_Howe', days: weekdays, open: 90, close: 150 },
  { zone: 'Australia/Lord_Howe', days: weekdays, open: 120, close: 1440 },
  { zone: 'Asia/Kathmandu', days: weekdays, open: 0, close: 1440 },
  { zone: 'Europe/Berlin', days: weekdays, open: 120, close: 180 },
  { zone: 'Europe/Berlin', days: weekdays, open: 120, close: 180, opensDayBefore: true },
  { zone: 'Europe/Berlin', days: [1, 2, 3, 4, 5, 6], open: 120, close: 180 },
  { zone: 'Europe/Berlin', days: weekdays, open: 150, close: 180 },
  { zone: 'Europe/Berlin', days: weekdays, open: 120, close: 181 },
  { zone: 'America/New_York', days: weekdays, open: 120, close: 180 },
]

/** Day numbers around each zone's daylight-saving transitions from 2015 to 2035, and a few plain ones. */
function daysOf(zone: string): number[] {
  const days = new Set<number>([Math.floor(Date.parse('2026-11-26') / dayMs)])
  let at = Temporal.Instant.fromEpochMilliseconds(Date.parse('2015-01-01')).toZonedDateTimeISO(zone)
  for (;;) {
    const next = at.getTimeZoneTransition('next')
    if (!next || next.epochMilliseconds > Date.parse('2035-01-01')) break
    const day = Math.floor(next.epochMilliseconds / dayMs)
    for (let d = day - 2; d <= day + 2; d += 1) days.add(d)
    at = next
  }
  return [...days]
}

describe('sessions kept per hours and date', () => {
  it('equal the session computed afresh, for hours in fresh objects too, across daylight saving', () => {
    let compared = 0
    for (const day of new Set(hours.flatMap((h) => daysOf(h.zone)))) {
      // twice over: the second round reads what the first kept
      for (const round of [0, 1]) {
        for (const original of hours) {
          const copy = round === 0 ? original : (JSON.parse(JSON.stringify(original)) as TradingHours)
          expect(sessionOnDate(copy, day), `${JSON.stringify(original)} ${day}`).toEqual(
            computeSessionOnDate(original, day),
          )
          compared += 1
        }
      }
    }
    expect(compared).toBeGreaterThan(5000)
  })

  it('computes a session once and shares it, frozen, with every caller', () => {
    const day = Math.floor(Date.parse('2031-06-02') / dayMs)
    const first = sessionOnDate(exchanges.xetra, day)
    expect(first).not.toBeNull()
    expect(sessionOnDate({ ...exchanges.xetra, days: [...exchanges.xetra.days] }, day)).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
  })

  it('keeps a bounded number of sessions, and stays right after forgetting some', () => {
    const start = Math.floor(Date.parse('2040-01-01') / dayMs)
    for (let day = start; day < start + 10_000; day += 1) sessionOnDate(exchanges.crypto, day)
    expect(keptSessions()).toBeGreaterThan(0)
    expect(keptSessions()).toBeLessThanOrEqual(4096)
    expect(sessionOnDate(exchanges.crypto, start)).toEqual(computeSessionOnDate(exchanges.crypto, start))
  })
})
