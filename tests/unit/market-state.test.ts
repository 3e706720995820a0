import { describe, expect, it } from 'vitest'
import { exchanges } from '../../server/market/trading-hours'
import {
  changeSinceClose,
  latestSessionAt,
  marketStateAt,
  marketStateText,
  todayRangeNote,
} from '../../src/domain/market-state'

const utc = (iso: string) => Date.parse(`${iso}Z`)
// Thursday 26 November 2026; New York is UTC-5, so the NYSE trades 14:30 to 21:00 UTC
const thursdayTrading = utc('2026-11-26T15:00:00')
const thursdayMorning = utc('2026-11-26T13:00:00')
const thursdayEvening = utc('2026-11-26T22:00:00')
const saturday = utc('2026-11-28T12:00:00')

describe('marketStateAt', () => {
  it('is open during the session and closed until the next opening outside it', () => {
    expect(marketStateAt(exchanges.nyse, thursdayTrading)).toEqual({ open: true })
    expect(marketStateAt(exchanges.nyse, thursdayMorning)).toEqual({
      open: false,
      opensAt: utc('2026-11-26T14:30:00'),
    })
    expect(marketStateAt(exchanges.nyse, saturday)).toEqual({
      open: false,
      opensAt: utc('2026-11-30T14:30:00'),
    })
    expect(marketStateAt(exchanges.crypto, saturday)).toEqual({ open: true })
  })

  it('knows nothing while the hours are unknown', () => {
    expect(marketStateAt(undefined, thursdayTrading)).toBeUndefined()
  })
})

describe('marketStateText', () => {
  it('says open, or closed with the opening time (the date when it is not today)', () => {
    expect(marketStateText({ open: true }, thursdayTrading, 'UTC')).toBe('Open')
    const morning = marketStateAt(exchanges.nyse, thursdayMorning)
    const evening = marketStateAt(exchanges.nyse, thursdayEvening)
    expect(morning && marketStateText(morning, thursdayMorning, 'UTC')).toBe('Closed · opens 2:30 PM')
    expect(evening && marketStateText(evening, thursdayEvening, 'UTC')).toBe('Closed · opens Nov 27, 2:30 PM')
  })
})

describe('latestSessionAt and todayRangeNote', () => {
  it("finds the running session, else the last one (a weekend has Friday's)", () => {
    expect(latestSessionAt(exchanges.nyse, thursdayTrading)).toEqual({
      start: utc('2026-11-26T14:30:00'),
      end: utc('2026-11-26T21:00:00'),
    })
    expect(latestSessionAt(exchanges.nyse, saturday)).toEqual({
      start: utc('2026-11-27T14:30:00'),
      end: utc('2026-11-27T21:00:00'),
    })
    expect(latestSessionAt(undefined, saturday)).toBeUndefined()
  })

  it('names the session Today shows on a closed day, and nothing while the market trades', () => {
    expect(todayRangeNote(exchanges.nyse, saturday, 'UTC')).toBe(
      'Market closed: the session of Nov 27, 2:30 PM – 9:00 PM',
    )
    expect(todayRangeNote(exchanges.nyse, thursdayMorning, 'UTC')).toBe(
      'Market closed: the session of Nov 25, 2:30 PM – 9:00 PM',
    )
    // FX sessions run from 5 PM New York the day before: the end names its own date
    expect(todayRangeNote(exchanges.fx, saturday, 'UTC')).toBe(
      'Market closed: the session of Nov 26, 10:00 PM – Nov 27, 10:00 PM',
    )
    expect(todayRangeNote(exchanges.nyse, thursdayTrading, 'UTC')).toBeUndefined()
    expect(todayRangeNote(exchanges.crypto, saturday, 'UTC')).toBeUndefined()
    expect(todayRangeNote(undefined, saturday, 'UTC')).toBeUndefined()
  })
})

describe('changeSinceClose', () => {
  it('gives the signed percent, its direction and words', () => {
    expect(changeSinceClose(100, 101.234)).toEqual({
      direction: 'up',
      percent: '+1.23%',
      spoken: 'up 1.23% since the previous close',
    })
    expect(changeSinceClose(100, 99.6)).toEqual({
      direction: 'down',
      percent: '-0.40%',
      spoken: 'down 0.40% since the previous close',
    })
  })

  it('calls flat what rounds to 0.00 %, so colour, sign and digits agree', () => {
    expect(changeSinceClose(100, 100.004)).toEqual({
      direction: 'flat',
      percent: '0.00%',
      spoken: 'unchanged since the previous close',
    })
    expect(changeSinceClose(100, 100)?.direction).toBe('flat')
  })

  it('has nothing to say without a usable previous close', () => {
    expect(changeSinceClose(undefined, 100)).toBeUndefined()
    expect(changeSinceClose(0, 100)).toBeUndefined()
    expect(changeSinceClose(Number.NaN, 100)).toBeUndefined()
  })
})
