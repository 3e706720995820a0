import { describe, expect, it } from 'vitest'
import { formatDateTime, formatLongDate, formatTime, isoDateTime } from '../../src/domain/date-format'

const at = Date.UTC(2024, 0, 5, 14, 5, 9)

describe('date formats (spec §9: en-US)', () => {
  it('formats a time of day and a date with time, in the given zone', () => {
    expect(formatTime(at, 'UTC')).toBe('2:05 PM')
    expect(formatDateTime(at, 'UTC')).toBe('Jan 5, 2:05 PM')
    expect(formatDateTime(at, 'Europe/Berlin')).toBe('Jan 5, 3:05 PM')
  })

  it("names a day in words, on the zone's calendar", () => {
    expect(formatLongDate(at, 'UTC')).toBe('Friday, January 5')
    // 23:30 UTC on the 5th is already the 6th in Berlin
    expect(formatLongDate(Date.UTC(2024, 0, 5, 23, 30), 'Europe/Berlin')).toBe('Saturday, January 6')
  })

  it('gives the machine-readable form for <time>', () => {
    expect(isoDateTime(at)).toBe('2024-01-05T14:05:09.000Z')
  })
})
