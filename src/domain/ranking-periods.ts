import { Temporal } from 'temporal-polyfill'

/** The spec's ranking periods (§9). */
export const rankingPeriods = ['this_week', 'last_week', 'all_time'] as const
export type RankingPeriod = (typeof rankingPeriods)[number]

/** A span of time [from, to) in epoch ms; `undefined` ends are open. */
export interface TimeSpan {
  from?: number
  to?: number
}

const weekMs = 7 * 86_400_000

/**
 * 00:00 of the local day holding `ms`, in `timeZone`, as epoch ms: the day ranking_days counts a decision
 * on, and the day a daily closeout covers.
 */
export function dayStartOf(ms: number, timeZone: string): number {
  return Temporal.Instant.fromEpochMilliseconds(ms)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toZonedDateTime({ timeZone }).epochMilliseconds
}

/**
 * Monday 00:00 of the ISO week holding `ms`, in `timeZone`, as epoch ms. A week is 7 calendar days:
 * 167 or 169 hours when a daylight-saving change falls into it.
 */
export function weekStartOf(ms: number, timeZone: string): number {
  const date = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDate()
  return date.subtract({ days: date.dayOfWeek - 1 }).toZonedDateTime({ timeZone }).epochMilliseconds
}

/** Monday 00:00 `weeks` weeks after (or before, when negative) the week start `weekStart`. */
export function weekStartAfter(weekStart: number, weeks: number, timeZone: string): number {
  // Near noon, so the calendar date is right whatever the offset change, then back to the day's start.
  const date = Temporal.Instant.fromEpochMilliseconds(weekStart + weekMs / 14)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .add({ days: 7 * weeks })
  return date.toZonedDateTime({ timeZone }).epochMilliseconds
}

/** The span a ranking period covers at `now`: this ISO week, the one before it, or all time. */
export function periodSpan(period: RankingPeriod, now: number, timeZone: string): TimeSpan {
  if (period === 'all_time') return {}
  const thisWeek = weekStartOf(now, timeZone)
  if (period === 'this_week') return { from: thisWeek, to: weekStartAfter(thisWeek, 1, timeZone) }
  return { from: weekStartAfter(thisWeek, -1, timeZone), to: thisWeek }
}

/** The overlap of two spans; empty (from >= to) when they do not meet. */
export function intersectSpans(a: TimeSpan, b: TimeSpan): TimeSpan {
  const from = a.from === undefined ? b.from : b.from === undefined ? a.from : Math.max(a.from, b.from)
  const to = a.to === undefined ? b.to : b.to === undefined ? a.to : Math.min(a.to, b.to)
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) }
}

export function isEmptySpan(span: TimeSpan): boolean {
  return span.from !== undefined && span.to !== undefined && span.from >= span.to
}
