import type { Bar } from '../../src/api/market'
import type { Instrument } from './instrument'
import { historyStartDay, type PricePath, type SessionPath } from './price-path'
import { roundPrice } from './quote'
import { dayMs, type Session, type TradingCalendar, weekdayOf } from './trading-hours'

const minuteMs = 60_000
/** Trading dates whose daily bars come from their minute paths; older ones use `dayExtremes`. */
export const minuteHistoryDays = 8

interface LogBar {
  t: number
  o: number
  h: number
  l: number
  c: number
}

/**
 * Bars of one title from its price path. Completed daily bars are built once per trading date and
 * cached; the running session's bar and intraday bars are derived per request from cached minute paths.
 */
export class TitleHistory {
  #completed?: { through: number; bars: Bar[] }

  constructor(readonly path: PricePath) {}

  get instrument(): Instrument {
    return this.path.instrument
  }

  get calendar(): TradingCalendar {
    return this.path.calendar
  }

  /** Daily bars from 2020-01-01; the last one is the session running at `now` (partial), if any. */
  dailyBars(now: number): Bar[] {
    const latest = this.calendar.latestSessionAt(now)
    const running = now < latest.end
    const completed = this.#completedBars(running ? latest.date - 1 : latest.date)
    if (!running) return completed
    return [...completed, this.#price(this.#sessionBar(latest, now), latest.date * 86_400)]
  }

  /** Bars of `intervalMinutes` (aligned to the epoch) over the trading minutes in [from, to), up to `now`. */
  intradayBars(from: number, to: number, intervalMinutes: number, now: number): Bar[] {
    const end = Math.min(to, now)
    const bucketMs = intervalMinutes * minuteMs
    const bars: LogBar[] = []
    const sessions = this.calendar.sessionsOnDates(Math.floor(from / dayMs) - 1, Math.floor(end / dayMs) + 2)
    for (const session of sessions) {
      if (session.end <= from || session.start >= end) continue
      const path = this.path.sessionPath(session)
      const first = Math.max(0, Math.ceil((from - session.start) / minuteMs))
      for (let minute = first; minute < path.minutes; minute += 1) {
        const start = session.start + minute * minuteMs
        if (start >= end) break
        const bar = this.#minuteBar(path, minute, now)
        const t = Math.floor(start / bucketMs) * bucketMs
        const last = bars.at(-1)
        if (last && last.t === t) merge(last, bar)
        else bars.push({ ...bar, t })
      }
    }
    return bars.map((bar) => this.#price(bar, bar.t / 1000))
  }

  #completedBars(through: number): Bar[] {
    if (this.#completed?.through === through) return this.#completed.bars
    const bars: Bar[] = []
    const days = this.calendar.hours.days
    const fromMinutes = through - minuteHistoryDays
    for (let day = historyStartDay; day <= through; day += 1) {
      if (!days.includes(weekdayOf(day))) continue
      const session = day >= fromMinutes ? this.calendar.sessionOn(day) : null
      bars.push(
        this.#price(session ? this.#sessionBar(session, session.end) : this.#formulaBar(day), day * 86_400),
      )
    }
    this.#completed = { through, bars }
    return bars
  }

  #formulaBar(day: number): LogBar {
    const [h, l] = this.path.dayExtremes(day)
    return { t: 0, o: this.path.logClose(day - 1), h, l, c: this.path.logClose(day) }
  }

  #sessionBar(session: Session, now: number): LogBar {
    const path = this.path.sessionPath(session)
    const bar: LogBar = { t: 0, o: path.log[0] as number, h: -Infinity, l: Infinity, c: 0 }
    for (let minute = 0; minute < path.minutes; minute += 1) {
      if (session.start + minute * minuteMs >= now) break
      merge(bar, this.#minuteBar(path, minute, now))
    }
    if (bar.h === -Infinity) return { t: 0, o: bar.o, h: bar.o, l: bar.o, c: bar.o }
    return bar
  }

  /** A minute's bar; a minute still running closes at the price of `now` and shows no future extremes. */
  #minuteBar(path: SessionPath, minute: number, now: number): LogBar {
    const o = path.log[minute] as number
    const end = path.session.start + (minute + 1) * minuteMs
    if (now < end) {
      const c = this.path.logAt(path, now)
      return { t: 0, o, h: Math.max(o, c), l: Math.min(o, c), c }
    }
    const [h, l] = this.path.minuteExtremes(path, minute)
    return { t: 0, o, h, l, c: path.log[minute + 1] as number }
  }

  #price(bar: LogBar, t: number): Bar {
    const decimals = this.instrument.decimals
    const price = (log: number) => roundPrice(Math.exp(log), decimals)
    return { t, o: price(bar.o), h: price(bar.h), l: price(bar.l), c: price(bar.c) }
  }
}

function merge(into: LogBar, bar: LogBar): void {
  into.h = Math.max(into.h, bar.h)
  into.l = Math.min(into.l, bar.l)
  into.c = bar.c
}

/** Weekly bars (t = the Monday) from daily bars. */
export function weeklyBars(daily: readonly Bar[]): Bar[] {
  const weeks: Bar[] = []
  for (const bar of daily) {
    const day = Math.floor(bar.t / 86_400)
    const monday = (day - (weekdayOf(day) - 1)) * 86_400
    const last = weeks.at(-1)
    if (last && last.t === monday) {
      last.h = Math.max(last.h, bar.h)
      last.l = Math.min(last.l, bar.l)
      last.c = bar.c
    } else weeks.push({ ...bar, t: monday })
  }
  return weeks
}
