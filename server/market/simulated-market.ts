import type { Chart, Fundamentals, ServerMessage, Tick, TimeRange, Title } from '../../src/api/market'
import type { Clock } from '../clock'
import { chartBars } from './chart'
import { fundamentalsOf } from './fundamentals'
import { TitleHistory } from './history'
import type { Instrument } from './instrument'
import { MessageFeed } from './message-feed'
import type { MessageStore } from './messages.repo'
import { PricePath } from './price-path'
import { quote } from './quote'
import { seedFromString, uniform } from './random'
import type { MarketSource, Unsubscribe } from './source'
import { calendarOf, type ExchangeId } from './trading-hours'
import { toTitle, instruments as universe } from './universe'

export interface SimulatedMarketOptions {
  clock: Clock
  /** ALPHA_MARKET_SEED: same seed, same market */
  seed: string
  /** ALPHA_TICK_INTERVAL_MS: one tick round (and message check) per interval once started */
  tickIntervalMs: number
  /** ALPHA_MESSAGE_INTERVAL_MS: mean time between two messages */
  messageIntervalMs: number
  store: MessageStore
  /** absolute URL of an author's avatar, read when a message is made */
  avatarUrl(handle: string): string
  instruments?: readonly Instrument[]
  log?: { error(details: object, message: string): void }
}

const tickStream = 11

interface Entry {
  instrument: Instrument
  title: Title
  history: TitleHistory
}

/** The embedded default market: deterministic from the seed, driven by the server clock. */
export class SimulatedMarket implements MarketSource {
  readonly #options: SimulatedMarketOptions
  readonly #seed: number
  readonly #entries = new Map<number, Entry>()
  readonly #titles: Title[]
  readonly #tickListeners = new Set<(tick: Tick) => void>()
  readonly #messages: MessageFeed
  #timer?: NodeJS.Timeout

  constructor(options: SimulatedMarketOptions) {
    this.#options = options
    this.#seed = seedFromString(options.seed)
    for (const instrument of options.instruments ?? universe) {
      const path = new PricePath(instrument, calendarOf(instrument.exchange), this.#seed)
      this.#entries.set(instrument.id, {
        instrument,
        title: toTitle(instrument),
        history: new TitleHistory(path),
      })
    }
    this.#titles = [...this.#entries.values()].map((entry) => entry.title)
    const generator = {
      seed: this.#seed,
      instruments: [...this.#entries.values()].map((entry) => entry.instrument),
      intervalMs: options.messageIntervalMs,
      avatarUrl: (handle: string) => options.avatarUrl(handle),
      priceAt: (instrument: Instrument, t: number) =>
        this.#entries.get(instrument.id)?.history.path.priceAt(t) ?? instrument.startPrice,
      tradingAt: (t: number) => {
        // titles share a few exchanges: each exchange's calendar is asked once per moment
        const open = new Map<ExchangeId, boolean>()
        return ({ exchange }: Instrument) => {
          let trades = open.get(exchange)
          if (trades === undefined) {
            trades = calendarOf(exchange).isOpen(t)
            open.set(exchange, trades)
          }
          return trades
        }
      },
    }
    this.#messages = new MessageFeed(generator, options.store, options.clock, options.log)
  }

  titles(): readonly Title[] {
    return this.#titles
  }

  title(id: number): Title | undefined {
    return this.#entries.get(id)?.title
  }

  latestTick(id: number): Tick | undefined {
    const entry = this.#entries.get(id)
    if (!entry) return undefined
    const now = this.#options.clock.now()
    const session = entry.history.calendar.latestSessionAt(now)
    const t = now < session.end ? Math.floor(now / 1000) * 1000 : session.end
    const path = entry.history.path
    return quote(entry.instrument, path.priceAt(now), t, path.previousCloseAt(now))
  }

  isOpen(id: number): boolean {
    return this.#entries.get(id)?.history.calendar.isOpen(this.#options.clock.now()) ?? false
  }

  async priceAt(id: number, at: number): Promise<number | undefined> {
    const entry = this.#entries.get(id)
    return entry && quote(entry.instrument, entry.history.path.priceAt(at), at).l
  }

  onTick(listener: (tick: Tick) => void): Unsubscribe {
    this.#tickListeners.add(listener)
    return () => this.#tickListeners.delete(listener)
  }

  onMessage(listener: (message: ServerMessage) => void): Unsubscribe {
    return this.#messages.onMessage(listener)
  }

  async history(id: number, range: TimeRange): Promise<Chart | undefined> {
    const entry = this.#entries.get(id)
    if (!entry) return undefined
    const { interval, bars } = chartBars(entry.history, range, this.#options.clock.now())
    return { titleId: id, range, interval, currency: entry.title.currency, bars }
  }

  async fundamentals(id: number): Promise<Fundamentals | undefined> {
    const entry = this.#entries.get(id)
    return entry && fundamentalsOf(entry.history, this.#options.clock.now())
  }

  recentMessages(options: { sinceMs: number; limit: number }): Promise<ServerMessage[]> {
    return this.#messages.recent(options.sinceMs, options.limit)
  }

  message(id: string): Promise<ServerMessage | undefined> {
    return this.#messages.message(id)
  }

  publishDueMessages(): Promise<ServerMessage[]> {
    return this.#messages.publishDue()
  }

  /**
   * One round of ticks at the clock's now: each title whose market is open ticks with its tick chance
   * (a draw of the seed and the interval number, so reruns tick alike). Returns the ticks sent.
   */
  tickRound(): Tick[] {
    const now = this.#options.clock.now()
    const round = Math.floor(now / this.#options.tickIntervalMs)
    const ticks: Tick[] = []
    for (const { instrument, history } of this.#entries.values()) {
      if (!history.calendar.isOpen(now)) continue
      if (uniform(this.#seed, tickStream, instrument.id, round) >= instrument.tickChance) continue
      ticks.push(quote(instrument, history.path.priceAt(now), now, history.path.previousCloseAt(now)))
    }
    for (const tick of ticks) {
      for (const listener of this.#tickListeners) {
        try {
          listener(tick)
        } catch (error) {
          this.#options.log?.error({ err: error }, 'tick listener failed')
        }
      }
    }
    return ticks
  }

  start(): void {
    if (this.#timer) return
    this.#timer = setInterval(() => {
      this.tickRound()
      this.publishDueMessages().catch((error) =>
        this.#options.log?.error({ err: error }, 'publishing market messages failed'),
      )
    }, this.#options.tickIntervalMs)
    this.#timer.unref()
  }

  stop(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
  }
}
