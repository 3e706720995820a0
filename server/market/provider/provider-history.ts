import type { Bar, BarInterval, TimeRange } from '../../../src/api/market'
import { weeklyBars } from '../history'
import { dayMs, plainDateOf, type TradingCalendar, weekdayOf } from '../trading-hours'
import { epochMs, type ProviderBar } from './provider-shapes'

const hourMs = 3_600_000
/** The simulated history starts here too, so 'All-time' means the same with either source. */
export const allTimeStart = Date.UTC(2020, 0, 1)

export interface RangeWindow {
  interval: BarInterval
  /** epoch ms, inclusive */
  from: number
  /** epoch ms, exclusive */
  to: number
}

/**
 * The window and bar interval of a time range, anchored at the latest session like the simulated
 * charts (`../chart.ts`): a closed market still shows its last day and week.
 */
export function rangeWindow(range: TimeRange, calendar: TradingCalendar, now: number): RangeWindow {
  const latest = calendar.latestSessionAt(now)
  const to = Math.min(now, latest.end)
  const date = plainDateOf(latest.date)
  const day = (n: number) => n * dayMs
  switch (range) {
    case '3h':
      return { interval: '1m', from: to - 3 * hourMs, to }
    case 'today':
      return { interval: '5m', from: latest.start, to }
    case 'week': {
      const monday = latest.date - (weekdayOf(latest.date) - 1)
      const first = calendar.sessionsOnDates(monday, latest.date)[0] ?? latest
      return { interval: '30m', from: first.start, to }
    }
    case 'month':
      return { interval: '1d', from: day(latest.date - (date.day - 1)), to }
    case 'ytd':
      return { interval: '1d', from: day(latest.date - (date.dayOfYear - 1)), to }
    case 'year':
      return {
        interval: '1d',
        from: day(latest.date - date.since(date.subtract({ years: 1 })).days + 1),
        to,
      }
    case 'all':
      return { interval: '1w', from: allTimeStart, to }
  }
}

const intervalSeconds: Record<Exclude<BarInterval, '1w'>, number> = {
  '1m': 60,
  '5m': 300,
  '30m': 1800,
  '1d': 86_400,
}

/** Provider bars as our bars (t epoch seconds), oldest first; bars without a usable date are dropped. */
export function toBars(bars: readonly ProviderBar[]): Bar[] {
  const result: Bar[] = []
  for (const bar of bars) {
    const ms = epochMs(bar.date)
    if (ms === undefined) continue
    result.push({ t: Math.floor(ms / 1000), o: bar.open, h: bar.high, l: bar.low, c: bar.close })
  }
  return result.sort((a, b) => a.t - b.t)
}

/**
 * The bars of a window in its interval: finer provider bars are merged into buckets of the interval
 * (daily buckets start at 00:00 UTC, weekly ones on Monday), coarser ones pass as they are. When no bar
 * starts inside the window (daily bars only, asked for 'Today'), the last one before it stands in.
 */
export function barsInWindow(bars: readonly Bar[], window: RangeWindow): Bar[] {
  const from = Math.floor(window.from / 1000)
  const to = window.to / 1000
  const before = bars.filter((bar) => bar.t < to)
  const within = before.filter((bar) => bar.t >= from)
  const inside = within.length > 0 ? within : before.slice(-1)
  if (window.interval === '1w') return weeklyBars(bucket(inside, 86_400))
  return bucket(inside, intervalSeconds[window.interval])
}

function bucket(bars: readonly Bar[], seconds: number): Bar[] {
  const buckets: Bar[] = []
  for (const bar of bars) {
    const t = Math.floor(bar.t / seconds) * seconds
    const last = buckets.at(-1)
    if (last && last.t === t) {
      last.h = Math.max(last.h, bar.h)
      last.l = Math.min(last.l, bar.l)
      last.c = bar.c
    } else buckets.push({ ...bar, t })
  }
  return buckets
}
