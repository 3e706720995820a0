import type { MarketSource, Unsubscribe } from '../../server/market/source'
import { instruments, toTitle } from '../../server/market/universe'
import type { ServerMessage, Tick, Title } from '../../src/api/market'

/** The 100 titles of the universe with ticks from the benchmark's driver instead of the simulation. */
export class BenchMarket implements MarketSource {
  readonly #titles: Title[] = instruments.map(toTitle)
  readonly #byId = new Map(this.#titles.map((title) => [title.id, title]))
  readonly #latest = new Map<number, Tick>()
  readonly #listeners = new Set<(tick: Tick) => void>()

  emitTick(tick: Tick): void {
    this.#latest.set(tick.id, tick)
    for (const listener of this.#listeners) listener(tick)
  }

  titles = () => this.#titles
  title = (id: number) => this.#byId.get(id)
  latestTick = (id: number): Tick | undefined =>
    this.#latest.get(id) ??
    (this.#byId.has(id) ? { id, a: 100.02, b: 99.98, l: 100, s: 'sp', t: Date.now() } : undefined)
  isOpen = (id: number) => this.#byId.has(id)
  priceAt = async (id: number) => this.latestTick(id)?.l
  onTick(listener: (tick: Tick) => void): Unsubscribe {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
  onMessage(_listener: (message: ServerMessage) => void): Unsubscribe {
    return () => {}
  }
  history = async () => undefined
  fundamentals = async () => undefined
  recentMessages = async () => []
  message = async () => undefined
  publishDueMessages = async () => []
  start = () => {}
  stop = () => {}
}
