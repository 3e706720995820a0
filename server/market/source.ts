import type { Chart, Fundamentals, ServerMessage, Tick, TimeRange, Title } from '../../src/api/market'

export type Unsubscribe = () => void

/**
 * Where the server's market data comes from: the simulation by default, the provider when configured.
 * The realtime channel pushes `onTick` / `onMessage`; the game engine prices predictions and polls with
 * `latestTick` and `priceAt`; the HTTP routes serve the rest. All times come from the server clock.
 */
export interface MarketSource {
  /** The universe, in id order. */
  titles(): readonly Title[]
  title(id: number): Title | undefined
  /**
   * The quote now; its last price `l` is the price a prediction or poll uses. While the title's market
   * is closed, `l` is the last close and `t` the closing time. Undefined for an unknown id.
   */
  latestTick(id: number): Tick | undefined
  /** Whether the title's market trades now (no ticks while it does not). */
  isOpen(id: number): boolean
  /** The last price at a past (or present) moment, for evaluations that run late. */
  priceAt(id: number, at: number): Promise<number | undefined>
  /** Ticks as they happen: only titles whose market is open tick. */
  onTick(listener: (tick: Tick) => void): Unsubscribe
  /** New messages, each once, after they are stored (so they can be tagged as soon as they arrive). */
  onMessage(listener: (message: ServerMessage) => void): Unsubscribe
  /** Chart bars of a time range; undefined for an unknown id. */
  history(id: number, range: TimeRange): Promise<Chart | undefined>
  fundamentals(id: number): Promise<Fundamentals | undefined>
  /** Messages created after `sinceMs` (epoch ms) up to now, newest first, at most `limit`. Never writes. */
  recentMessages(options: { sinceMs: number; limit: number }): Promise<ServerMessage[]>
  /** One message by its id (a tag names it); undefined if there is none or it is not due yet. */
  message(id: string): Promise<ServerMessage | undefined>
  /** Stores the messages due by now and tells `onMessage` listeners; the timer of `start()` calls it. */
  publishDueMessages(): Promise<ServerMessage[]>
  /** Starts pushing ticks and messages on timers; without it the source answers on demand only. */
  start(): void
  stop(): void
}
