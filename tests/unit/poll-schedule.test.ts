import { describe, expect, it } from 'vitest'
import { nextPollStart, pollStartsBetween, pollTimesFor } from '../../src/domain/poll-schedule'

const berlin = 'Europe/Berlin'
const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()

describe('poll schedule', () => {
  it('opens at 02:00, 08:00, 14:00 and 20:00 local time on weekdays', () => {
    // Wednesday 2026-01-14, Berlin is UTC+1 in winter.
    expect(iso(nextPollStart(at('2026-01-14T00:30:00Z'), berlin))).toBe('2026-01-14T01:00:00.000Z')
    expect(iso(nextPollStart(at('2026-01-14T01:00:00Z'), berlin))).toBe('2026-01-14T07:00:00.000Z')
    expect(iso(nextPollStart(at('2026-01-14T07:00:00Z'), berlin))).toBe('2026-01-14T13:00:00.000Z')
    expect(iso(nextPollStart(at('2026-01-14T13:00:00Z'), berlin))).toBe('2026-01-14T19:00:00.000Z')
  })

  it('after the last poll of the day the next is 02:00 the next day', () => {
    expect(iso(nextPollStart(at('2026-01-14T19:00:00Z'), berlin))).toBe('2026-01-15T01:00:00.000Z')
  })

  it('has one poll at 14:30 on Saturday and Sunday, then Monday 02:00', () => {
    // Friday 20:00 local -> Saturday 14:30 local
    expect(iso(nextPollStart(at('2026-01-16T19:00:00Z'), berlin))).toBe('2026-01-17T13:30:00.000Z')
    expect(iso(nextPollStart(at('2026-01-17T13:30:00Z'), berlin))).toBe('2026-01-18T13:30:00.000Z')
    expect(iso(nextPollStart(at('2026-01-18T13:30:00Z'), berlin))).toBe('2026-01-19T01:00:00.000Z')
  })

  it('follows daylight-saving changes in the game zone', () => {
    // Berlin springs forward on Sunday 2026-03-29: Monday 08:00 is then 06:00 UTC, not 07:00.
    expect(iso(nextPollStart(at('2026-03-30T01:00:00Z'), berlin))).toBe('2026-03-30T06:00:00.000Z')
    // and falls back on Sunday 2026-10-25: Monday 02:00 is 01:00 UTC again.
    expect(iso(nextPollStart(at('2026-10-25T20:00:00Z'), berlin))).toBe('2026-10-26T01:00:00.000Z')
  })

  it('resolves a local time skipped by a DST gap forward instead of losing the poll', () => {
    // Israel springs forward on Friday 2026-03-27 at 02:00 (to 03:00 IDT = 00:00 UTC): that
    // weekday's 02:00 poll opens at the first real instant after the gap.
    const jerusalem = 'Asia/Jerusalem'
    expect(iso(nextPollStart(at('2026-03-26T18:00:00Z'), jerusalem))).toBe('2026-03-27T00:00:00.000Z')
    expect(iso(nextPollStart(at('2026-03-27T00:00:00Z'), jerusalem))).toBe('2026-03-27T05:00:00.000Z')
  })

  it('lists every start a sleeping scheduler missed', () => {
    const starts = pollStartsBetween(at('2026-01-14T00:00:00Z'), at('2026-01-15T00:00:00Z'), berlin)
    expect(starts.map(iso)).toEqual([
      '2026-01-14T01:00:00.000Z',
      '2026-01-14T07:00:00.000Z',
      '2026-01-14T13:00:00.000Z',
      '2026-01-14T19:00:00.000Z',
    ])
  })
})

describe('poll times', () => {
  it('takes bets for two hours and decides six hours after the start', () => {
    expect(pollTimesFor(1_000)).toEqual({
      startTime: 1_000,
      endTime: 1_000 + 7_200_000,
      evalTime: 1_000 + 21_600_000,
    })
  })
})
