import type { MarketSource, Unsubscribe } from '../../server/market/source'
import type { ServerMessage, Tick } from '../../src/api/market'

/**
 * The simulated market with prices a test decides: `pinLast(id, l)` fixes a title's latest tick price
 * (what a prediction is made at), `priceAtOverride` answers `priceAt` (what it is evaluated at) for the
 * titles it knows. Everything else is the inner market's; `priceAtCalls` counts the lookups.
 */
export class PricedMarket implements MarketSource {
  readonly #pinned = new Map<number, number>()
  priceAtOverride: ((id: number, at: number) => number | undefined | 'inner') | undefined
  priceAtCalls = 0

  constructor(readonly inner: MarketSource) {}

  pinLast(id: number, last: number): void {
    this.#pinned.set(id, last)
  }

  latestTick(id: number): Tick | undefined {
    const tick = this.inner.latestTick(id)
    const last = this.#pinned.get(id)
    return tick && last !== undefined ? { ...tick, a: last + 0.01, b: last - 0.01, l: last } : tick
  }

  async priceAt(id: number, at: number): Promise<number | undefined> {
    this.priceAtCalls += 1
    const answer = this.priceAtOverride ? this.priceAtOverride(id, at) : 'inner'
    return answer === 'inner' ? this.inner.priceAt(id, at) : answer
  }

  titles = () => this.inner.titles()
  title = (id: number) => this.inner.title(id)
  isOpen = (id: number) => this.inner.isOpen(id)
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
