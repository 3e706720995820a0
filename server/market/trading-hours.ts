import { Temporal } from 'temporal-polyfill'
import { dayMs, sessionOnDate, type TradingHours, weekdayOf } from '../../src/domain/trading-hours'

export { dayMs, type TradingHours, weekdayOf }

const weekdays = [1, 2, 3, 4, 5] as const
const at = (hour: number, minute = 0) => hour * 60 + minute
const exchange = (zone: string, open: number, close: number): TradingHours => ({
  zone,
  days: weekdays,
  open,
  close,
})

/** Regular sessions without holidays or lunch breaks: a simulation, not a holiday calendar. */
export const exchanges = {
  nyse: exchange('America/New_York', at(9, 30), at(16)),
  xetra: exchange('Europe/Berlin', at(9), at(17, 30)),
  lse: exchange('Europe/London', at(8), at(16, 30)),
  euronext: exchange('Europe/Paris', at(9), at(17, 30)),
  six: exchange('Europe/Zurich', at(9), at(17, 30)),
  tokyo: exchange('Asia/Tokyo', at(9), at(15, 30)),
  hongKong: exchange('Asia/Hong_Kong', at(9, 30), at(16)),
  shanghai: exchange('Asia/Shanghai', at(9, 30), at(15)),
  seoul: exchange('Asia/Seoul', at(9), at(15, 30)),
  sydney: exchange('Australia/Sydney', at(10), at(16)),
  stockholm: exchange('Europe/Stockholm', at(9), at(17, 30)),
  helsinki: exchange('Europe/Helsinki', at(10), at(18, 30)),
  copenhagen: exchange('Europe/Copenhagen', at(9), at(17)),
  oslo: exchange('Europe/Oslo', at(9), at(16, 20)),
  /** crypto trades around the clock, every day */
  crypto: { zone: 'UTC', days: [1, 2, 3, 4, 5, 6, 7], open: 0, close: at(24) },
  /** FX 24/5: Sunday 17:00 to Friday 17:00 New York */
  fx: { zone: 'America/New_York', days: weekdays, open: at(17), close: at(17), opensDayBefore: true },
  /** CME Globex metals and energy: 18:00 to 17:00 New York, Sunday evening to Friday */
  futures: { zone: 'America/New_York', days: weekdays, open: at(18), close: at(17), opensDayBefore: true },
} satisfies Record<string, TradingHours>

export type ExchangeId = keyof typeof exchanges

/** One trading session; `date` is the trading date as days since 1970-01-01. */
export interface Session {
  date: number
  /** epoch ms, inclusive */
  start: number
  /** epoch ms, exclusive */
  end: number
}

const epochDate = Temporal.PlainDate.from('1970-01-01')

export function plainDateOf(day: number): Temporal.PlainDate {
  return epochDate.add({ days: day })
}

/**
 * Sessions of one market, by trading date: the domain's (`sessionOnDate`, which the client's fair-play
 * rules use too, computed once per date and hours in a bounded memo) with their date.
 */
export class TradingCalendar {
  constructor(readonly hours: TradingHours) {}

  sessionOn(day: number): Session | null {
    const session = sessionOnDate(this.hours, day)
    return session && { date: day, start: session.start, end: session.end }
  }

  /** The session open at `t`, or else the last one that ended before it. */
  latestSessionAt(t: number): Session {
    // The trading date of a session starting before t is at most two days after t's UTC date.
    const first = Math.floor(t / dayMs) + 2
    for (let day = first; day > first - 21; day -= 1) {
      const session = this.sessionOn(day)
      if (session && session.start <= t) return session
    }
    throw new RangeError('no trading session in three weeks')
  }

  isOpen(t: number): boolean {
    return t < this.latestSessionAt(t).end
  }

  /** Sessions whose trading date lies in [fromDay, toDay], oldest first. */
  sessionsOnDates(fromDay: number, toDay: number): Session[] {
    const sessions: Session[] = []
    for (let day = fromDay; day <= toDay; day += 1) {
      const session = this.sessionOn(day)
      if (session) sessions.push(session)
    }
    return sessions
  }
}

const calendars = new Map<ExchangeId, TradingCalendar>()

/** One shared calendar per exchange. */
export function calendarOf(exchange: ExchangeId): TradingCalendar {
  let calendar = calendars.get(exchange)
  if (!calendar) {
    calendar = new TradingCalendar(exchanges[exchange])
    calendars.set(exchange, calendar)
  }
  return calendar
}
