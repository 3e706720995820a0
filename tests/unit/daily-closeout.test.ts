import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { closeoutLines, closeoutNews, type DayResults, lastEndedDay } from '~/domain/daily-closeout'
import { dayStartOf } from '~/domain/ranking-periods'
import { zonedDate } from '~/domain/zoned-time'

const berlin = 'Europe/Berlin'
const quiet: DayResults = {
  predictionsJudged: 0,
  predictionsRight: 0,
  betsSettled: 0,
  betsWon: 0,
  won: 0,
  balanceAtEnd: 10_000,
  balanceChange: 0,
}

describe('the daily closeout', () => {
  it("closes yesterday in the game's zone, and a player who asks now starts with today", () => {
    // Monday 2026-11-30 00:30 in Berlin is 23:30 UTC on Sunday
    const now = Date.UTC(2026, 10, 29, 23, 30)
    expect(lastEndedDay(now, berlin)).toEqual({
      start: Date.UTC(2026, 10, 28, 23, 0),
      end: Date.UTC(2026, 10, 29, 23, 0),
    })
    expect(dayStartOf(now, berlin)).toBe(Date.UTC(2026, 10, 29, 23, 0))
    // the day the clocks go back in Berlin has 25 hours
    const afterChange = lastEndedDay(Date.UTC(2026, 9, 25, 23, 30), berlin)
    expect(afterChange.end - afterChange.start).toBe(25 * 3_600_000)
  })

  it('the day that ended is always the one before the day now falls on', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), (now) => {
        const day = lastEndedDay(now, berlin)
        expect(day.end).toBe(dayStartOf(now, berlin))
        expect(day.end).toBeLessThanOrEqual(now)
        expect(zonedDate(day.start, berlin)).not.toEqual(zonedDate(day.end, berlin))
        expect(lastEndedDay(day.end - 1, berlin).end).toBe(day.start)
      }),
    )
  })

  it('says what was decided and where the balance ended', () => {
    expect(
      closeoutLines({
        predictionsJudged: 4,
        predictionsRight: 3,
        betsSettled: 2,
        betsWon: 1,
        won: 1_253,
        balanceAtEnd: 11_553,
        balanceChange: 1_553,
      }),
    ).toEqual([
      'Predictions judged: 3 of 4 calls right.',
      'Polls settled: you won 1 of 2 bets.',
      'Won in the game today: +12.53 TTC.',
      'Balance at the end of the day: 115.53 TTC (+15.53 TTC today).',
    ])
    expect(closeoutLines({ ...quiet, predictionsJudged: 1, predictionsRight: 0, won: 0 })).toEqual([
      'Predictions judged: 0 of 1 call right.',
      'Won in the game today: 0.00 TTC.',
      'Balance at the end of the day: 100.00 TTC (0.00 TTC today).',
    ])
    // a lost bet placed the day before: only its settlement that day
    expect(closeoutLines({ ...quiet, betsSettled: 1, won: -500, balanceAtEnd: 9_500 })).toEqual([
      'Polls settled: you won 0 of 1 bet.',
      'Won in the game today: -5.00 TTC.',
      'Balance at the end of the day: 95.00 TTC (0.00 TTC today).',
    ])
  })

  it('sends nothing for a day when nothing happened, and something whenever the balance moved', () => {
    expect(closeoutLines(quiet)).toBeUndefined()
    expect(closeoutNews('Monday, November 30', quiet)).toBeUndefined()
    expect(closeoutNews('Monday, November 30', { ...quiet, balanceChange: 1 })).toMatchObject({
      subject: 'Your Alpha closeout for Monday, November 30',
      lines: ['here is how Monday, November 30 went for you.', expect.stringMatching(/^Balance at the end/)],
    })
    expect(closeoutLines({ ...quiet, balanceChange: -1_000, balanceAtEnd: 9_000 })).toEqual([
      'Balance at the end of the day: 90.00 TTC (-10.00 TTC today).',
    ])
  })
})
