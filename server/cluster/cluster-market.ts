import type { ServerMessage, Tick, TimeRange } from '../../src/api/market'
import type { MarketSource, Unsubscribe } from '../market/source'
import type { RedisBus } from './redis-bus'

/** The channel of market pushes: `{ticks: Tick[]}` once per tick round, `{message}` per message. */
export const marketChannel = 'market'

type MarketPush = { ticks: Tick[] } | { message: ServerMessage }

interface Election {
  start(): void
  stop(): Promise<void>
}

export interface ClusterMarketParts {
  bus: Pick<RedisBus, 'publish' | 'subscribe'>
  /** Elects this process publisher or not; calls back `publish()` and `unpublish()` of the market. */
  election: (market: { publish(): void; unpublish(): void }) => Election
  log: { error(details: object, message: string): void }
}

/**
 * The market of one process of a cluster. Reads (titles, quotes, history, fundamentals, stored
 * messages) are the local source's: the simulation is a function of its seed and the clock, so every
 * process answers alike. Only the elected publisher runs the source's timers, stores the due messages
 * and publishes its ticks (one Redis message per tick round) and messages on the market channel; every
 * process, the publisher too, pushes what arrives there to its own sockets, so a client sees the same
 * stream whichever process it is connected to.
 */
export class ClusterMarket implements MarketSource {
  readonly #inner: MarketSource
  readonly #parts: ClusterMarketParts
  readonly #election: Election
  readonly #tickListeners = new Set<(tick: Tick) => void>()
  readonly #messageListeners = new Set<(message: ServerMessage) => void>()
  /** The latest tick of each title that came through the channel. */
  readonly #relayed = new Map<number, Tick>()
  #publishing: Unsubscribe[] = []
  #pendingTicks: Tick[] = []
  #relay: Promise<Unsubscribe> | undefined
  #started = false

  constructor(inner: MarketSource, parts: ClusterMarketParts) {
    this.#inner = inner
    this.#parts = parts
    this.#election = parts.election({ publish: () => this.#publish(), unpublish: () => this.#unpublish() })
  }

  titles() {
    return this.#inner.titles()
  }
  title(id: number) {
    return this.#inner.title(id)
  }
  /** The newer of the local source's quote and the last relayed tick (a provider market that is not the publisher has only the latter). */
  latestTick(id: number): Tick | undefined {
    const own = this.#inner.latestTick(id)
    const relayed = this.#relayed.get(id)
    if (!relayed) return own
    return !own || relayed.t > own.t ? relayed : own
  }
  isOpen(id: number) {
    return this.#inner.isOpen(id)
  }
  priceAt(id: number, at: number) {
    return this.#inner.priceAt(id, at)
  }
  history(id: number, range: TimeRange) {
    return this.#inner.history(id, range)
  }
  fundamentals(id: number) {
    return this.#inner.fundamentals(id)
  }
  recentMessages(options: { sinceMs: number; limit: number }) {
    return this.#inner.recentMessages(options)
  }
  message(id: string) {
    return this.#inner.message(id)
  }
  /** Stores the due messages; they reach the sockets through the channel (tests and tools call it). */
  publishDueMessages(): Promise<ServerMessage[]> {
    return this.#inner.publishDueMessages()
  }

  onTick(listener: (tick: Tick) => void): Unsubscribe {
    this.#tickListeners.add(listener)
    return () => this.#tickListeners.delete(listener)
  }
  onMessage(listener: (message: ServerMessage) => void): Unsubscribe {
    this.#messageListeners.add(listener)
    return () => this.#messageListeners.delete(listener)
  }

  /** This process is the elected publisher (and so the one that runs the periodic jobs). */
  get publishing(): boolean {
    return this.#publishing.length > 0
  }

  /** Listens on the market channel and stands for publisher. */
  start(): void {
    if (this.#started) return
    this.#started = true
    this.#relay = this.#parts.bus.subscribe(marketChannel, (payload) => this.#received(payload))
    this.#relay.then(
      () => {
        if (this.#started) this.#election.start()
      },
      (err) => this.#parts.log.error({ err }, 'cannot subscribe to the market channel'),
    )
  }

  stop(): void {
    if (!this.#started) return
    this.#started = false
    void this.#election.stop()
    this.#unpublish()
    void this.#relay?.then((unsubscribe) => unsubscribe()).catch(() => undefined)
    this.#relay = undefined
  }

  /** Stops trying to publish and gives the lock up (awaitable, unlike `stop`). */
  async close(): Promise<void> {
    this.stop()
    await this.#election.stop()
  }

  #publish(): void {
    if (this.#publishing.length > 0) return
    const { bus } = this.#parts
    const flush = () => {
      const ticks = this.#pendingTicks
      this.#pendingTicks = []
      bus.publish(marketChannel, JSON.stringify({ ticks } satisfies MarketPush))
    }
    this.#publishing = [
      // A round's ticks are emitted synchronously: one Redis message carries them all.
      this.#inner.onTick((tick) => {
        if (this.#pendingTicks.push(tick) === 1) queueMicrotask(flush)
      }),
      this.#inner.onMessage((message) =>
        bus.publish(marketChannel, JSON.stringify({ message } satisfies MarketPush)),
      ),
    ]
    this.#inner.start()
  }

  #unpublish(): void {
    this.#inner.stop()
    for (const unsubscribe of this.#publishing) unsubscribe()
    this.#publishing = []
  }

  #received(payload: string): void {
    let push: MarketPush
    try {
      push = JSON.parse(payload) as MarketPush
    } catch (err) {
      this.#parts.log.error({ err }, 'unreadable market push')
      return
    }
    if ('ticks' in push) {
      for (const tick of push.ticks) {
        this.#relayed.set(tick.id, tick)
        for (const listener of this.#tickListeners) this.#call(listener, tick)
      }
    } else if ('message' in push) {
      for (const listener of this.#messageListeners) this.#call(listener, push.message)
    }
  }

  #call<T>(listener: (value: T) => void, value: T): void {
    try {
      listener(value)
    } catch (err) {
      this.#parts.log.error({ err }, 'market listener failed')
    }
  }
}
