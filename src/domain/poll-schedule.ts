import { addDays, zonedDate, zonedEpochMs } from './zoned-time'

/** Local start times of polls: weekdays four a day, weekends one. */
export const weekdayPollTimes = ['02:00', '08:00', '14:00', '20:00'] as const
export const weekendPollTimes = ['14:30'] as const

function timesOn(dayOfWeek: number): readonly string[] {
  return dayOfWeek >= 6 ? weekendPollTimes : weekdayPollTimes
}

/**
 * The first poll start strictly after `afterMs`, in the game's time zone. Local times that a
 * daylight-saving change skips resolve forward ('compatible'), so no day loses its poll.
 */
export function nextPollStart(afterMs: number, timeZone: string): number {
  let day = zonedDate(afterMs, timeZone)
  for (let i = 0; i < 8; i++) {
    for (const time of timesOn(day.dayOfWeek)) {
      const start = zonedEpochMs(day, Number(time.slice(0, 2)), Number(time.slice(3, 5)), timeZone)
      if (start > afterMs) return start
    }
    day = addDays(day, 1)
  }
  throw new Error('no poll start within a week')
}

/** Every poll start in (fromMs, toMs]: what a scheduler that slept through that span has to open. */
export function pollStartsBetween(fromMs: number, toMs: number, timeZone: string): number[] {
  const starts: number[] = []
  for (let next = nextPollStart(fromMs, timeZone); next <= toMs; next = nextPollStart(next, timeZone))
    starts.push(next)
  return starts
}

/** Bets are taken for two hours after a poll opens… */
export const pollBettingMs = 2 * 3600_000
/** …and the poll is decided six hours after it opened, so between polls there is a time with none open. */
export const pollEvaluationDelayMs = 6 * 3600_000

/** endTime and evalTime of a poll that starts at `startTime`. */
export function pollTimesFor(startTime: number): { startTime: number; endTime: number; evalTime: number } {
  return { startTime, endTime: startTime + pollBettingMs, evalTime: startTime + pollEvaluationDelayMs }
}
