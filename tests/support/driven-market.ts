import type { MarketSource, Unsubscribe } from '../../server/market/source'
import type { ServerMessage, Tick } from '../../src/api/market'

/**
 * The simulated market with ticks on demand: everything is the inner market's except `onTick`, which
 * hears only `emitTick`, so a test decides which titles tick and when.
 */
export class DrivenMarket implements MarketSource {
  readonly #tickListeners = new Set<(tick: Tick) => void>()

  constructor(readonly inner: MarketSource) {}

  emitTick(tick: Tick): void {
    for (const listener of this.#tickListeners) listener(tick)
  }

  /** A tick of a known title at `t`: its latest quote, moved by `step` hundredths. */
  tickOf(id: number, t: number, step = 1): Tick {
    const latest = this.inner.latestTick(id)
    if (!latest) throw new Error(`unknown title ${id}`)
    const move = step / 100
    return { ...latest, a: latest.a + move, b: latest.b + move, l: latest.l + move, t }
  }

  onTick(listener: (tick: Tick) => void): Unsubscribe {
    this.#tickListeners.add(listener)
    return () => this.#tickListeners.delete(listener)
  }

  get tickListenerCount(): number {
    return this.#tickListeners.size
  }

  titles = () => this.inner.titles()
  title = (id: number) => this.inner.title(id)
  latestTick = (id: number) => this.inner.latestTick(id)
  isOpen = (id: number) => this.inner.isOpen(id)
  priceAt = (id: number, at: number) => this.inner.priceAt(id, at)
  onMessage = (listener: (message: ServerMessage) => void) => this.inner.onMessage(listener)
  history: MarketSource['history'] = (id, range) => this.inner.history(id, range)
  fundamentals = (id: number) => this.inner.fundamentals(id)
  recentMessages: MarketSource['recentMessages'] = (options) => this.inner.recentMessages(options)
  message = (id: string) => this.inner.message(id)
  publishDueMessages = () => this.inner.publishDueMessages()
  start = () => {}
  stop = () => this.inner.stop()
}
