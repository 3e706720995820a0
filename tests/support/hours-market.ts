import type { FairPlay } from '../../server/game/fair-play'
import type { MarketSource, Unsubscribe } from '../../server/market/source'
import type { ServerMessage, Tick, Title } from '../../src/api/market'
import type { TradingHours } from '../../src/domain/trading-hours'
import { dayMs, weekdayOf } from '../../src/domain/trading-hours'

/** Hours of a market that trades around the clock, every day (the simulation's crypto hours). */
export const aroundTheClock: TradingHours = { zone: 'UTC', days: [1, 2, 3, 4, 5, 6, 7], open: 0, close: 1440 }

/**
 * Hours of a market that is closed at `now` and opens at 10:00 UTC two days later (its only trading
 * date): a closed market whose next opening a test knows.
 */
export function closedUntilTheDayAfterTomorrow(now: number): { hours: TradingHours; opensAt: number } {
  const day = Math.floor(now / dayMs) + 2
  return {
    hours: { zone: 'UTC', days: [weekdayOf(day)], open: 600, close: 660 },
    opensAt: day * dayMs + 600 * 60_000,
  }
}

/**
 * The market with the trading hours its titles carry (what the fair-play rules read) set by the test:
 * `aroundTheClock` for every title unless `setHours` says otherwise, so a test tags and bets whatever the
 * wall clock; `setHours(id, 'real')` gives a title its own hours back. Everything else is the inner market's.
 */
export class HoursMarket implements MarketSource {
  readonly #hours = new Map<number, TradingHours | 'real'>()

  constructor(readonly inner: MarketSource) {}

  setHours(id: number, hours: TradingHours | 'real'): void {
    this.#hours.set(id, hours)
  }

  #withHours(title: Title): Title {
    const hours = this.#hours.get(title.id) ?? aroundTheClock
    return hours === 'real' ? title : { ...title, hours: { ...hours, days: [...hours.days] } }
  }

  titles = () => this.inner.titles().map((title) => this.#withHours(title))
  title = (id: number) => {
    const title = this.inner.title(id)
    return title && this.#withHours(title)
  }
  latestTick = (id: number) => this.inner.latestTick(id)
  isOpen = (id: number) => this.inner.isOpen(id)
  priceAt = (id: number, at: number) => this.inner.priceAt(id, at)
  onTick = (listener: (tick: Tick) => void): Unsubscribe => this.inner.onTick(listener)
  onMessage = (listener: (message: ServerMessage) => void) => this.inner.onMessage(listener)
  history: MarketSource['history'] = (id, range) => this.inner.history(id, range)
  fundamentals = (id: number) => this.inner.fundamentals(id)
  recentMessages: MarketSource['recentMessages'] = (options) => this.inner.recentMessages(options)
  message = (id: string) => this.inner.message(id)
  publishDueMessages = () => this.inner.publishDueMessages()
  start = () => this.inner.start()
  stop = () => this.inner.stop()
}

/** Fair-play rules where every title trades around the clock, in UTC: for suites that call the engine directly. */
export const aroundTheClockFairPlay: FairPlay = {
  title: (id) => ({ n: `Title ${id}`, hours: aroundTheClock }),
  timeZone: 'UTC',
}
