import { describe, expect, it } from 'vitest'
import { calendarOf, dayMs, TradingCalendar, weekdayOf } from '../../server/market/trading-hours'
import { keptSessions, sessionOnDate, sessionsKept } from '../../src/domain/trading-hours'

const utc = (iso: string) => Date.parse(`${iso}Z`)
const day = (iso: string) => Math.floor(utc(`${iso}T00:00:00`) / dayMs)

describe('trading hours', () => {
  it('numbers weekdays from Monday', () => {
    expect(weekdayOf(0)).toBe(4) // 1970-01-01 was a Thursday
    expect(weekdayOf(day('2025-03-15'))).toBe(6)
    expect(weekdayOf(day('2025-03-16'))).toBe(7)
  })

  it('opens New York at 09:30 local across the US daylight-saving change', () => {
    const nyse = calendarOf('nyse')
    // Friday before the change (EST, UTC-5) and Monday after it (EDT, UTC-4; changed 2025-03-09)
    expect(nyse.sessionOn(day('2025-03-07'))).toMatchObject({
      start: utc('2025-03-07T14:30:00'),
      end: utc('2025-03-07T21:00:00'),
    })
    expect(nyse.sessionOn(day('2025-03-10'))).toMatchObject({
      start: utc('2025-03-10T13:30:00'),
      end: utc('2025-03-10T20:00:00'),
    })
  })

  it('follows each zone on its own: Frankfurt and London change later than New York', () => {
    const xetra = calendarOf('xetra')
    const lse = calendarOf('lse')
    expect(xetra.sessionOn(day('2025-03-12'))?.start).toBe(utc('2025-03-12T08:00:00'))
    expect(xetra.sessionOn(day('2025-03-31'))?.start).toBe(utc('2025-03-31T07:00:00'))
    expect(lse.sessionOn(day('2025-03-28'))?.start).toBe(utc('2025-03-28T08:00:00'))
    expect(lse.sessionOn(day('2025-03-31'))?.start).toBe(utc('2025-03-31T07:00:00'))
    expect(calendarOf('tokyo').sessionOn(day('2025-03-31'))?.start).toBe(utc('2025-03-31T00:00:00'))
  })

  it('closes exchanges at the weekend while crypto keeps trading', () => {
    const saturday = utc('2025-03-15T12:00:00')
    for (const exchange of ['nyse', 'xetra', 'lse', 'tokyo', 'fx', 'futures'] as const)
      expect(calendarOf(exchange).isOpen(saturday), exchange).toBe(false)
    expect(calendarOf('crypto').isOpen(saturday)).toBe(true)
    expect(calendarOf('nyse').latestSessionAt(saturday).date).toBe(day('2025-03-14'))
  })

  it('knows open and closed within a day', () => {
    const nyse = calendarOf('nyse')
    expect(nyse.isOpen(utc('2025-03-12T13:29:59'))).toBe(false)
    expect(nyse.isOpen(utc('2025-03-12T13:30:00'))).toBe(true)
    expect(nyse.isOpen(utc('2025-03-12T19:59:59'))).toBe(true)
    expect(nyse.isOpen(utc('2025-03-12T20:00:00'))).toBe(false)
  })

  it('trades FX 24/5 from Sunday 17:00 to Friday 17:00 New York, over the autumn change too', () => {
    const fx = calendarOf('fx')
    expect(fx.isOpen(utc('2025-10-31T20:59:59'))).toBe(true) // Friday 16:59:59 EDT
    expect(fx.isOpen(utc('2025-10-31T21:00:00'))).toBe(false)
    expect(fx.isOpen(utc('2025-11-02T21:59:59'))).toBe(false) // Sunday 16:59:59 EST (changed that night)
    expect(fx.isOpen(utc('2025-11-02T22:00:00'))).toBe(true)
    // Monday's session runs from Sunday 17:00 to Monday 17:00 without a gap into Tuesday's
    const monday = fx.sessionOn(day('2025-11-03'))
    const tuesday = fx.sessionOn(day('2025-11-04'))
    expect(monday?.end).toBe(tuesday?.start)
    expect(fx.isOpen(utc('2025-11-04T12:00:00'))).toBe(true)
  })

  it('gives futures their daily hour of maintenance', () => {
    const futures = calendarOf('futures')
    expect(futures.isOpen(utc('2025-03-12T21:30:00'))).toBe(false) // 17:30 EDT
    expect(futures.isOpen(utc('2025-03-12T22:00:00'))).toBe(true) // 18:00 EDT
  })

  it('runs crypto sessions from midnight to midnight UTC every day', () => {
    const session = calendarOf('crypto').sessionOn(day('2025-03-16'))
    expect(session).toMatchObject({ start: utc('2025-03-16T00:00:00'), end: utc('2025-03-17T00:00:00') })
  })

  it("keeps no sessions of its own: they are the domain's, from its bounded memo", () => {
    // hours no other test uses: every date is a new key of the memo
    const hours = { zone: 'Asia/Kathmandu', days: [1, 2, 3, 4, 5], open: 10 * 60, close: 15 * 60 }
    const calendar = new TradingCalendar(hours)
    const before = keptSessions()
    const first = day('2025-03-10')
    const week = calendar.sessionsOnDates(first, first + 6)
    expect(week.map((session) => session.date)).toEqual([0, 1, 2, 3, 4].map((offset) => first + offset))
    for (const session of week)
      expect(session).toEqual({ date: session.date, ...sessionOnDate(hours, session.date) })
    expect(keptSessions()).toBe(before + 7)
    // thirty years of dates keep the memo at its bound
    calendar.sessionsOnDates(first, first + 11_000)
    expect(keptSessions()).toBe(sessionsKept)
  })
})
