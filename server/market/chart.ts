import type { Bar, BarInterval, TimeRange } from '../../src/api/market'
import { type TitleHistory, weeklyBars } from './history'
import { plainDateOf, weekdayOf } from './trading-hours'

const hourMs = 3_600_000

/**
 * Bars of a time range. Ranges are anchored at the latest session (the one open now, else the last
 * one), so a closed market still shows its last day and week: 'Last 3h' is the three hours up to now
 * or to the last close; 'Today' that session in 5-minute bars; 'This week' the sessions of its ISO
 * week in 30-minute bars; 'This month' and 'YTD' daily bars from the 1st of its month or year;
 * 'This year' daily bars of the last twelve months; 'All-time' weekly bars since 2020.
 */
export function chartBars(
  history: TitleHistory,
  range: TimeRange,
  now: number,
): { interval: BarInterval; bars: Bar[] } {
  const calendar = history.calendar
  const latest = calendar.latestSessionAt(now)
  const end = Math.min(now, latest.end)
  const date = plainDateOf(latest.date)
  const dailyFrom = (day: number) => history.dailyBars(now).filter((bar) => bar.t >= day * 86_400)
  switch (range) {
    case '3h':
      return { interval: '1m', bars: history.intradayBars(end - 3 * hourMs, end, 1, now) }
    case 'today':
      return { interval: '5m', bars: history.intradayBars(latest.start, end, 5, now) }
    case 'week': {
      const monday = latest.date - (weekdayOf(latest.date) - 1)
      const first = calendar.sessionsOnDates(monday, latest.date)[0] ?? latest
      return { interval: '30m', bars: history.intradayBars(first.start, end, 30, now) }
    }
    case 'month':
      return { interval: '1d', bars: dailyFrom(latest.date - (date.day - 1)) }
    case 'ytd':
      return { interval: '1d', bars: dailyFrom(latest.date - (date.dayOfYear - 1)) }
    case 'year':
      return {
        interval: '1d',
        bars: dailyFrom(latest.date - date.since(date.subtract({ years: 1 })).days + 1),
      }
    case 'all':
      return { interval: '1w', bars: weeklyBars(history.dailyBars(now)) }
  }
}
