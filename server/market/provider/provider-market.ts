import type { Bar, Chart, Fundamentals, ServerMessage, Tick, TimeRange, Title } from '../../../src/api/market'
import type { ProviderClient } from '../../../src/api/provider'
import type { Clock } from '../../clock'
import { Refusal } from '../../refusal'
import type { Instrument } from '../instrument'
import type { MessageStore } from '../messages.repo'
import type { MarketSource, Unsubscribe } from '../source'
import { calendarOf } from '../trading-hours'
import { toTitle, instruments as universe } from '../universe'
import { LastKnown } from './last-known'
import { PriceMemory } from './price-memory'
import { fundamentalsFrom } from './provider-fundamentals'
import { barsInWindow, rangeWindow, toBars } from './provider-history'
import { ProviderMessageFeed } from './provider-message-feed'
import { priceChanged, tickFromQuotes } from './provider-quotes'
import {
  historyBars,
  parseList,
  parseObject,
  providerPriceRatiosSchema,
  providerSmaSchema,
  providerTitleSchema,
} from './provider-shapes'
import { mergeTitle } from './provider-titles'

interface Log {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface ProviderMarketOptions {
  client: ProviderClient
  clock: Clock
  store: MessageStore
  /** PROVIDER_POLL_INTERVAL_MS: one round of quotes per interval once started */
  pollIntervalMs: number
  /** PROVIDER_MESSAGE_POLL_INTERVAL_MS: one fetch of new messages per interval once started */
  messagePollIntervalMs: number
  /** the product's universe @default the universe of `../universe` */
  instruments?: readonly Instrument[]
  log?: Log
}

/** Quote requests in flight at once (the quotes call takes one title). */
const quoteConcurrency = 8
/** Names change rarely: once they arrived, ask again hourly. */
const titleRefreshMs = 3_600_000
const chartTtlMs = 60_000
const fundamentalsTtlMs = 5 * 60_000
/** Daily bars behind the fundamentals: a year for the 52-week range, more for RSI and SMA to settle. */
const dailyHistoryMs = 400 * 86_400_000
const dayMs = 86_400_000

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The market from the provider (when PROVIDER_URL is set): the universe stays the product's, named as
 * the provider names it; prices are polled from `GET /titles/{ident}/quotes`, messages from
 * `GET /titles/{idents}/messages`, charts from `GET /titles/{idents}/history`, fundamentals from
 * price_ratios, sma and history. A failed call is logged and changes nothing: the last values stay and
 * the next interval (or request, for charts and fundamentals) tries again. Trading hours (`isOpen`)
 * are the product's calendar; ticks follow the provider's prices whenever they change.
 *
 * Without `start()` nothing is fetched on its own: tests call `refresh()`, `pollQuotes()` and
 * `publishDueMessages()` instead of waiting for timers.
 */
export class ProviderMarket implements MarketSource {
  readonly #options: ProviderMarketOptions
  readonly #instruments = new Map<number, Instrument>()
  readonly #ids: number[]
  #titles: Title[]
  #titleById: Map<number, Title>
  #titlesLoaded = false
  readonly #ticks = new Map<number, Tick>()
  readonly #memory = new PriceMemory()
  readonly #tickListeners = new Set<(tick: Tick) => void>()
  readonly #messages: ProviderMessageFeed
  readonly #lastKnown: LastKnown
  #quoteChain: Promise<unknown> = Promise.resolve()
  #controller = new AbortController()
  readonly #timers = new Set<NodeJS.Timeout>()
  #running = false

  constructor(options: ProviderMarketOptions) {
    this.#options = options
    for (const instrument of options.instruments ?? universe) this.#instruments.set(instrument.id, instrument)
    this.#ids = [...this.#instruments.keys()].sort((a, b) => a - b)
    this.#titles = this.#ids.map((id) => toTitle(this.#instruments.get(id) as Instrument))
    this.#titleById = new Map(this.#titles.map((title) => [title.id, title]))
    this.#lastKnown = new LastKnown(
      () => options.clock.now(),
      (key, error) => this.#failed(key, error),
    )
    this.#messages = new ProviderMessageFeed({
      client: options.client,
      clock: options.clock,
      store: options.store,
      titles: {
        title: (id) => this.title(id),
        alias: (id) => this.#instruments.get(id)?.alias,
      },
      ids: () => this.#ids,
      signal: () => this.#controller.signal,
      log: options.log,
    })
  }

  titles(): readonly Title[] {
    return this.#titles
  }

  title(id: number): Title | undefined {
    return this.#titleById.get(id)
  }

  /** The last quote the provider gave; undefined before the first one arrived. */
  latestTick(id: number): Tick | undefined {
    return this.#ticks.get(id)
  }

  isOpen(id: number): boolean {
    const instrument = this.#instruments.get(id)
    return instrument !== undefined && calendarOf(instrument.exchange).isOpen(this.#options.clock.now())
  }

  /** From the prices seen in the last hours, else the close of the provider's last bar before `at`. */
  async priceAt(id: number, at: number): Promise<number | undefined> {
    if (!this.#instruments.has(id)) return undefined
    const remembered = this.#memory.priceAt(id, at)
    if (remembered !== undefined) return remembered
    try {
      const bars = await this.#history(id, at - 7 * dayMs, at)
      return bars.filter((bar) => bar.t * 1000 <= at).at(-1)?.c
    } catch (error) {
      this.#failed(`price-at:${id}`, error)
      return undefined
    }
  }

  onTick(listener: (tick: Tick) => void): Unsubscribe {
    this.#tickListeners.add(listener)
    return () => this.#tickListeners.delete(listener)
  }

  onMessage(listener: (message: ServerMessage) => void): Unsubscribe {
    return this.#messages.onMessage(listener)
  }

  /** The range's bars from the provider's history (kept a minute; the last ones while it fails). */
  async history(id: number, range: TimeRange): Promise<Chart | undefined> {
    const title = this.title(id)
    const instrument = this.#instruments.get(id)
    if (!title || !instrument) return undefined
    const window = rangeWindow(range, calendarOf(instrument.exchange), this.#options.clock.now())
    const bars = await this.#lastKnown.get(`chart:${id}:${range}`, chartTtlMs, () =>
      this.#history(id, window.from, window.to),
    )
    return {
      titleId: id,
      range,
      interval: window.interval,
      currency: title.currency,
      bars: barsInWindow(bars ?? [], window),
    }
  }

  /** Kept five minutes per part; a part that fails keeps its last value. 503 while nothing is known. */
  async fundamentals(id: number): Promise<Fundamentals | undefined> {
    const title = this.title(id)
    const instrument = this.#instruments.get(id)
    if (!title || !instrument) return undefined
    const now = this.#options.clock.now()
    const { client } = this.#options
    const signal = this.#controller.signal
    const [daily, ratios, sma] = await Promise.all([
      this.#lastKnown.get(`daily:${id}`, fundamentalsTtlMs, () =>
        this.#history(id, now - dailyHistoryMs, now),
      ),
      this.#lastKnown.get(`price-ratios:${id}`, fundamentalsTtlMs, async () =>
        parseObject(
          providerPriceRatiosSchema,
          await client.titlePriceRatios({ path: { ident: id }, signal }),
        ),
      ),
      this.#lastKnown.get(`sma:${id}`, fundamentalsTtlMs, async () =>
        parseObject(providerSmaSchema, await client.titleSma({ path: { ident: id }, signal })),
      ),
    ])
    const fundamentals = fundamentalsFrom({
      title,
      daily: barsInWindow(daily ?? [], { interval: '1d', from: 0, to: now + 1 }),
      tick: this.latestTick(id),
      ratios,
      sma50: sma?.sma_50,
      sessionDay: calendarOf(instrument.exchange).latestSessionAt(now).date * 86_400,
      now,
    })
    if (!fundamentals) throw new Refusal('market_unavailable', 'No market data for this title yet.')
    return fundamentals
  }

  recentMessages(options: { sinceMs: number; limit: number }): Promise<ServerMessage[]> {
    return this.#options.store.recent(options.sinceMs, options.limit)
  }

  message(id: string): Promise<ServerMessage | undefined> {
    return this.#options.store.find(id)
  }

  /** Fetches the provider's new messages, stores them and tells the listeners; [] when the fetch fails. */
  async publishDueMessages(): Promise<ServerMessage[]> {
    try {
      return await this.#messages.fetchNew()
    } catch (error) {
      this.#failed('messages', error)
      return []
    }
  }

  /** Names the universe as the provider does (titles it omits keep ours); false when the call failed. */
  async refreshTitles(): Promise<boolean> {
    try {
      const answer = await this.#options.client.titles({
        path: { idents: this.#ids },
        signal: this.#controller.signal,
      })
      const theirs = new Map(parseList(providerTitleSchema, answer).items.map((title) => [title.id, title]))
      this.#titles = this.#ids.map((id) =>
        mergeTitle(toTitle(this.#instruments.get(id) as Instrument), theirs.get(id)),
      )
      this.#titleById = new Map(this.#titles.map((title) => [title.id, title]))
      this.#titlesLoaded = true
      return true
    } catch (error) {
      this.#failed('titles', error)
      return false
    }
  }

  /**
   * One round of quotes: every title's quote, a tick to the listeners for each changed price. A title
   * whose call fails keeps its last tick. Returns the ticks sent. Rounds never overlap.
   */
  pollQuotes(): Promise<Tick[]> {
    const run = this.#quoteChain.then(() => this.#pollQuotes())
    this.#quoteChain = run.catch(() => undefined)
    return run
  }

  /** Titles, quotes and messages once, as the timers would. */
  async refresh(): Promise<void> {
    await this.refreshTitles()
    await Promise.all([this.pollQuotes(), this.publishDueMessages()])
  }

  start(): void {
    if (this.#running) return
    this.#running = true
    if (this.#controller.signal.aborted) this.#controller = new AbortController()
    const { pollIntervalMs, messagePollIntervalMs } = this.#options
    this.#every(
      () => (this.#titlesLoaded ? titleRefreshMs : pollIntervalMs),
      () => this.refreshTitles(),
    )
    this.#every(
      () => pollIntervalMs,
      () => this.pollQuotes(),
    )
    this.#every(
      () => messagePollIntervalMs,
      () => this.publishDueMessages(),
    )
  }

  /** Stops the timers and aborts the calls in flight. */
  stop(): void {
    this.#running = false
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
    this.#controller.abort()
  }

  async #pollQuotes(): Promise<Tick[]> {
    const now = this.#options.clock.now()
    const signal = this.#controller.signal
    const sent: Tick[] = []
    const failures: unknown[] = []
    await eachLimited(this.#ids, quoteConcurrency, async (id) => {
      const instrument = this.#instruments.get(id) as Instrument
      try {
        const answer = await this.#options.client.titleQuotes({ path: { ident: id }, signal })
        const tick = tickFromQuotes(instrument, answer, now)
        if (!tick || !priceChanged(this.#ticks.get(id), tick)) return
        this.#ticks.set(id, tick)
        this.#memory.record(id, tick.t, tick.l)
        sent.push(tick)
        this.#emit(tick)
      } catch (error) {
        failures.push(error)
      }
    })
    if (failures.length > 0 && !signal.aborted) {
      this.#options.log?.warn(
        { err: failures[0], failed: failures.length, of: this.#ids.length },
        'provider quotes failed; keeping the last prices',
      )
    }
    return sent
  }

  #emit(tick: Tick): void {
    for (const listener of this.#tickListeners) {
      try {
        listener(tick)
      } catch (error) {
        this.#options.log?.error({ err: error }, 'tick listener failed')
      }
    }
  }

  async #history(id: number, from: number, to: number): Promise<Bar[]> {
    const answer = await this.#options.client.titlesHistory({
      path: { idents: id },
      query: { startDate: iso(from), endDate: iso(to) },
      signal: this.#controller.signal,
    })
    return toBars(historyBars(answer, id))
  }

  #every(delay: () => number, task: () => Promise<unknown>): void {
    const run = async () => {
      await task().catch((error) => this.#failed('timer', error))
      if (!this.#running) return
      const timer = setTimeout(() => {
        this.#timers.delete(timer)
        void run()
      }, delay())
      timer.unref()
      this.#timers.add(timer)
    }
    void run()
  }

  #failed(what: string, error: unknown): void {
    if (this.#controller.signal.aborted) return
    this.#options.log?.warn({ err: error, what }, 'provider call failed; keeping the last values')
  }
}

async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T
      next += 1
      await task(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}
