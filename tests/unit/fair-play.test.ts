import fc from 'fast-check'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { calendarOf, type ExchangeId, exchanges } from '../../server/market/trading-hours'
import { betClosedUntil, opposingRunningPrediction, tagRefusal } from '../../src/domain/fair-play'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { nextMarketOpening } from '../../src/domain/trading-hours'
import { zonedIsoMinute } from '../../src/domain/zoned-time'

const hour = 3_600_000
const utc = (iso: string) => Date.parse(`${iso}Z`)
const apple = 2494
const tesla = 2793

const prediction = (titleId: number, trend: 'Up' | 'Down', createdAt: number, evaluatedAt?: number) => ({
  titleId,
  trend,
  createdAt,
  ...(evaluatedAt === undefined ? {} : { evaluatedAt }),
})

describe('opposingRunningPrediction', () => {
  const now = utc('2026-11-26T15:00:00')
  const runningUp = prediction(apple, 'Up', now - hour)
  const laterUp = prediction(apple, 'Up', now - 10 * 60_000)
  const judgedDown = prediction(tesla, 'Down', now - 4 * hour, now - hour)

  it('finds a running prediction the other way on the same title', () => {
    expect(opposingRunningPrediction([runningUp], apple, 'Down')).toBe(runningUp)
  })

  it('lets the same direction, another title and a judged prediction pass', () => {
    expect(opposingRunningPrediction([runningUp], apple, 'Up')).toBeUndefined()
    expect(opposingRunningPrediction([runningUp], tesla, 'Down')).toBeUndefined()
    expect(opposingRunningPrediction([judgedDown], tesla, 'Up')).toBeUndefined()
    expect(opposingRunningPrediction([{ ...judgedDown, evaluatedAt: null }], tesla, 'Up')).toBeDefined()
  })

  it('names the one judged last of several', () => {
    expect(opposingRunningPrediction([laterUp, runningUp], apple, 'Down')).toBe(laterUp)
    expect(opposingRunningPrediction([runningUp, laterUp], apple, 'Down')).toBe(laterUp)
  })
})

describe('tagRefusal and betClosedUntil', () => {
  const nyse = exchanges.nyse
  // Thursday 2026-11-26 10:00 New York (EST): the market trades until 16:00
  const open = utc('2026-11-26T15:00:00')
  // the same day at 17:00 New York: shut until Friday 09:30
  const evening = utc('2026-11-26T22:00:00')
  const fridayOpening = utc('2026-11-27T14:30:00')
  const running = prediction(apple, 'Up', open - hour)

  it('refuses both directions on a closed market, saying when it opens, before any other rule', () => {
    for (const trend of ['Up', 'Down'] as const)
      expect(
        tagRefusal({ predictions: [running], titleId: apple, trend, hours: nyse, now: evening }),
      ).toEqual({
        reason: 'marketClosed',
        opensAt: fridayOpening,
      })
    expect(betClosedUntil(nyse, evening)).toBe(fridayOpening)
    expect(betClosedUntil(nyse, open)).toBeUndefined()
  })

  it('refuses the opposite of a running prediction with the time it is judged', () => {
    expect(
      tagRefusal({ predictions: [running], titleId: apple, trend: 'Down', hours: nyse, now: open }),
    ).toEqual({
      reason: 'oppositePrediction',
      running,
      judgedAt: running.createdAt + evaluationDelayMs,
    })
    expect(tagRefusal({ predictions: [running], titleId: apple, trend: 'Up', hours: nyse, now: open })).toBe(
      undefined,
    )
  })

  it('leaves a title of unknown hours to the server', () => {
    expect(tagRefusal({ predictions: [], titleId: apple, trend: 'Up', hours: undefined, now: evening })).toBe(
      undefined,
    )
  })
})

describe('nextMarketOpening', () => {
  it('opens New York on Monday after a weekend, across its daylight-saving change', () => {
    // Saturday 2025-03-08; the US clocks moved on Sunday 2025-03-09: Monday opens 09:30 EDT = 13:30 UTC
    expect(nextMarketOpening(exchanges.nyse, utc('2025-03-08T12:00:00'))).toBe(utc('2025-03-10T13:30:00'))
    expect(nextMarketOpening(exchanges.nyse, utc('2025-03-10T13:30:00'))).toBeUndefined()
    expect(nextMarketOpening(exchanges.nyse, utc('2025-03-10T20:00:00'))).toBe(utc('2025-03-11T13:30:00'))
  })

  it('opens FX on Sunday evening New York time and never closes crypto', () => {
    expect(nextMarketOpening(exchanges.fx, utc('2025-03-15T12:00:00'))).toBe(utc('2025-03-16T21:00:00'))
    expect(nextMarketOpening(exchanges.fx, utc('2025-03-17T03:00:00'))).toBeUndefined()
    expect(nextMarketOpening(exchanges.crypto, utc('2025-03-15T23:59:59'))).toBeUndefined()
  })

  it('agrees with the trading calendar the simulation ticks by, for every exchange and any instant', () => {
    const ids = Object.keys(exchanges) as ExchangeId[]
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        fc.integer({ min: utc('2024-01-01T00:00:00'), max: utc('2028-12-31T00:00:00') }),
        (id, t) => {
          const calendar = calendarOf(id)
          const opensAt = nextMarketOpening(exchanges[id], t)
          expect(opensAt === undefined).toBe(calendar.isOpen(t))
          if (opensAt !== undefined) {
            expect(calendar.isOpen(opensAt)).toBe(true)
            expect(calendar.isOpen(opensAt - 1)).toBe(false)
            expect(calendar.latestSessionAt(opensAt - 1).end).toBeLessThanOrEqual(t + 1)
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('zonedIsoMinute', () => {
  it('prints the zone wall clock with its offset, as Temporal does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: utc('2000-01-01T00:00:00'), max: utc('2040-01-01T00:00:00') }),
        fc.constantFrom('Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC', 'Australia/Lord_Howe'),
        (t, zone) => {
          const expected = Temporal.Instant.fromEpochMilliseconds(t)
            .toZonedDateTimeISO(zone)
            .toString({ smallestUnit: 'minute', roundingMode: 'floor', timeZoneName: 'never' })
          expect(zonedIsoMinute(t, zone)).toBe(expected)
        },
      ),
    )
  })
})
