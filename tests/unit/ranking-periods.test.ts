import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import {
  intersectSpans,
  isEmptySpan,
  periodSpan,
  weekStartAfter,
  weekStartOf,
} from '../../src/domain/ranking-periods'

const berlin = 'Europe/Berlin'
const at = (iso: string) => Temporal.ZonedDateTime.from(`${iso}[${berlin}]`).epochMilliseconds
const hour = 3_600_000

describe('ranking weeks', () => {
  it('start on Monday 00:00 in the game time zone', () => {
    expect(weekStartOf(at('2025-01-15T12:00'), berlin)).toBe(at('2025-01-13T00:00'))
    expect(weekStartOf(at('2025-01-13T00:00'), berlin)).toBe(at('2025-01-13T00:00'))
    expect(weekStartOf(at('2025-01-12T23:59:59.999'), berlin)).toBe(at('2025-01-06T00:00'))
    // Monday 00:30 in Berlin is still Sunday in UTC
    expect(weekStartOf(at('2025-01-13T00:30'), berlin)).toBe(at('2025-01-13T00:00'))
    expect(weekStartOf(at('2025-01-13T00:30'), 'UTC')).toBe(Date.UTC(2025, 0, 6))
  })

  it('last 167 or 169 hours when daylight saving time starts or ends in them', () => {
    const spring = weekStartOf(at('2025-03-30T12:00'), berlin)
    expect(weekStartAfter(spring, 1, berlin) - spring).toBe(167 * hour)
    const autumn = weekStartOf(at('2025-10-26T12:00'), berlin)
    expect(weekStartAfter(autumn, 1, berlin) - autumn).toBe(169 * hour)
    expect(weekStartAfter(weekStartAfter(autumn, 1, berlin), -1, berlin)).toBe(autumn)
  })

  it('give this_week, last_week and all_time spans', () => {
    const now = at('2025-03-31T10:00')
    expect(periodSpan('this_week', now, berlin)).toEqual({
      from: at('2025-03-31T00:00'),
      to: at('2025-04-07T00:00'),
    })
    expect(periodSpan('last_week', now, berlin)).toEqual({
      from: at('2025-03-24T00:00'),
      to: at('2025-03-31T00:00'),
    })
    expect(periodSpan('all_time', now, berlin)).toEqual({})
  })

  it('intersect spans, open ends included', () => {
    expect(intersectSpans({ from: 10, to: 20 }, {})).toEqual({ from: 10, to: 20 })
    expect(intersectSpans({}, { from: 15 })).toEqual({ from: 15 })
    expect(intersectSpans({ from: 10, to: 20 }, { from: 15, to: 30 })).toEqual({ from: 15, to: 20 })
    expect(isEmptySpan(intersectSpans({ from: 10, to: 20 }, { from: 25 }))).toBe(true)
    expect(isEmptySpan({ from: 10 })).toBe(false)
  })
})
