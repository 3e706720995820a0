import fc from 'fast-check'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it, vi } from 'vitest'
import { nextPollStart } from '../../src/domain/poll-schedule'
import {
  addDays,
  keptZoneOffsets,
  readZoneOffsetMs,
  zonedDate,
  zonedEpochMs,
  zoneOffsetMs,
} from '../../src/domain/zoned-time'

// zones with daylight saving north and south, half and quarter hours, a 30-minute DST (Lord Howe),
// a skipped day (Apia, 2011-12-30) and none at all
const zones = [
  'Europe/Berlin',
  'America/New_York',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Jerusalem',
  'Pacific/Apia',
  'Pacific/Chatham',
  'UTC',
] as const

// 1990 to 2060
const instant = fc.integer({ min: 631_152_000_000, max: 2_840_140_800_000 })
const zone = fc.constantFrom(...zones)

function temporalDate(epochMs: number, timeZone: string) {
  const date = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timeZone).toPlainDate()
  return { year: date.year, month: date.month, day: date.day, dayOfWeek: date.dayOfWeek }
}

/** The Temporal implementation nextPollStart had, as the reference. */
function temporalNextPollStart(afterMs: number, timeZone: string): number {
  let day = Temporal.Instant.fromEpochMilliseconds(afterMs).toZonedDateTimeISO(timeZone).toPlainDate()
  for (let i = 0; i < 8; i++) {
    for (const time of day.dayOfWeek >= 6 ? ['14:30'] : ['02:00', '08:00', '14:00', '20:00']) {
      const start = day.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(time) })
      if (start.epochMilliseconds > afterMs) return start.epochMilliseconds
    }
    day = day.add({ days: 1 })
  }
  throw new Error('no poll start within a week')
}

describe('zoned time without Temporal', () => {
  it('reads offsets, also of half-hour zones and across daylight saving', () => {
    expect(zoneOffsetMs(Date.parse('2026-01-14T12:00:00Z'), 'Europe/Berlin')).toBe(3_600_000)
    expect(zoneOffsetMs(Date.parse('2026-07-14T12:00:00Z'), 'Europe/Berlin')).toBe(7_200_000)
    expect(zoneOffsetMs(Date.parse('2026-07-14T12:00:00Z'), 'Asia/Kathmandu')).toBe(20_700_000)
    expect(zoneOffsetMs(Date.parse('2026-01-14T12:00:00Z'), 'America/New_York')).toBe(-18_000_000)
  })

  it('takes the first of a repeated time and moves a skipped one forward by the gap', () => {
    const berlin = 'Europe/Berlin'
    // 2026-10-25 02:30 happens twice in Berlin: first at 00:30 UTC (CEST)
    expect(zonedEpochMs({ year: 2026, month: 10, day: 25, dayOfWeek: 7 }, 2, 30, berlin)).toBe(
      Date.parse('2026-10-25T00:30:00Z'),
    )
    // 2026-03-29 02:30 does not happen in Berlin: 03:30 CEST
    expect(zonedEpochMs({ year: 2026, month: 3, day: 29, dayOfWeek: 7 }, 2, 30, berlin)).toBe(
      Date.parse('2026-03-29T01:30:00Z'),
    )
  })

  it('adds calendar days across month and year ends', () => {
    expect(addDays({ year: 2026, month: 12, day: 31, dayOfWeek: 4 }, 1)).toEqual({
      year: 2027,
      month: 1,
      day: 1,
      dayOfWeek: 5,
    })
    expect(addDays({ year: 2028, month: 3, day: 1, dayOfWeek: 3 }, -1)).toEqual({
      year: 2028,
      month: 2,
      day: 29,
      dayOfWeek: 2,
    })
  })

  it('rejects an unknown zone as Temporal does', () => {
    expect(() => zonedDate(0, 'Nowhere/Atlantis')).toThrow(RangeError)
  })

  it('gives the date Temporal gives, in every zone', () => {
    fc.assert(
      fc.property(instant, zone, (epochMs, timeZone) => {
        expect(zonedDate(epochMs, timeZone)).toEqual(temporalDate(epochMs, timeZone))
      }),
      { numRuns: 1000 },
    )
  })

  it('gives the instant of a wall-clock time that Temporal gives (compatible), gaps and overlaps included', () => {
    // every transition instant of each zone in the span, and the wall-clock minutes around it
    for (const timeZone of zones) {
      // 2008 to 2036
      let at = Temporal.Instant.fromEpochMilliseconds(1_199_145_600_000).toZonedDateTimeISO(timeZone)
      for (;;) {
        const next = at.getTimeZoneTransition('next')
        if (!next || next.epochMilliseconds > 2_082_758_400_000) break
        for (const minutes of [-90, -60, -30, -1, 0, 1, 30, 60, 90]) {
          const wall = next.toPlainDateTime().add({ minutes })
          const date = { year: wall.year, month: wall.month, day: wall.day, dayOfWeek: wall.dayOfWeek }
          const expected = wall.toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds
          expect(zonedEpochMs(date, wall.hour, wall.minute, timeZone), `${timeZone} ${wall}`).toBe(expected)
        }
        at = next
      }
    }
  })

  it('keeps nextPollStart equal to its former Temporal implementation', () => {
    fc.assert(
      fc.property(instant, zone, (epochMs, timeZone) => {
        expect(nextPollStart(epochMs, timeZone)).toBe(temporalNextPollStart(epochMs, timeZone))
      }),
      { numRuns: 500 },
    )
  })
})

describe('zone offsets kept per minute', () => {
  it('equal the offset read from Intl around every transition, also those off the whole minute', () => {
    // Monrovia moved at 00:44:30 UTC in 1972, Kathmandu at 18:18:44 in 1919, Lord Howe at 13:23:40 in 1895
    const seconds = [-3601, -61, -60, -59, -31, -30, -1, 0, 1, 29, 30, 59, 60, 61, 3600]
    let compared = 0
    for (const timeZone of [...zones, 'Africa/Monrovia']) {
      // 1850 to 2040
      let at = Temporal.Instant.fromEpochMilliseconds(-3_786_825_600_000).toZonedDateTimeISO(timeZone)
      for (;;) {
        const next = at.getTimeZoneTransition('next')
        if (!next || next.epochMilliseconds > 2_208_988_800_000) break
        for (const second of seconds) {
          for (const ms of [0, 999]) {
            const epochMs = next.epochMilliseconds + second * 1000 + ms
            expect(zoneOffsetMs(epochMs, timeZone), `${timeZone} ${epochMs}`).toBe(
              readZoneOffsetMs(epochMs, timeZone),
            )
            compared += 1
          }
        }
        at = next
      }
    }
    expect(compared).toBeGreaterThan(30_000)
  })

  it('equal the offset read from Intl at any instant of any zone', () => {
    const anyInstant = fc.integer({ min: -4_000_000_000_000, max: 4_000_000_000_000 })
    fc.assert(
      fc.property(anyInstant, zone, fc.integer({ min: 0, max: 59_999 }), (epochMs, timeZone, later) => {
        // a second instant of the same minute reads what the first one kept
        const minuteStart = Math.floor(epochMs / 60_000) * 60_000
        expect(zoneOffsetMs(epochMs, timeZone)).toBe(readZoneOffsetMs(epochMs, timeZone))
        expect(zoneOffsetMs(minuteStart + later, timeZone)).toBe(
          readZoneOffsetMs(minuteStart + later, timeZone),
        )
      }),
      { numRuns: 2000 },
    )
  })

  it('read Intl once per zone and minute', () => {
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts')
    try {
      const minute = Date.parse('2031-05-06T07:08:00Z')
      zoneOffsetMs(minute + 1_000, 'Asia/Kathmandu')
      const reads = formatToParts.mock.calls.length
      expect(reads).toBeGreaterThan(0)
      for (let second = 0; second < 60; second += 1)
        zoneOffsetMs(minute + second * 1000 + 7, 'Asia/Kathmandu')
      expect(formatToParts.mock.calls.length).toBe(reads)
    } finally {
      formatToParts.mockRestore()
    }
  })

  it('keep a bounded number of minutes, and stay right after forgetting some', () => {
    const start = Date.parse('2041-01-01T00:00:00Z')
    for (let minute = 0; minute < 10_000; minute += 1) zoneOffsetMs(start + minute * 60_000, 'Europe/Berlin')
    expect(keptZoneOffsets()).toBeGreaterThan(0)
    expect(keptZoneOffsets()).toBeLessThanOrEqual(4096)
    expect(zoneOffsetMs(start, 'Europe/Berlin')).toBe(readZoneOffsetMs(start, 'Europe/Berlin'))
  })
})
