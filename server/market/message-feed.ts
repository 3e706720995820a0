import type { ServerMessage } from '../../src/api/market'
import { BoundedMap } from '../../src/domain/bounded-map'
import type { Clock } from '../clock'
import { type MessageGeneratorOptions, messageForSlot, messageTime, slotsBetween } from './messages'
import { frozenMessage, type MessageStore } from './messages.repo'
import type { Unsubscribe } from './source'

/** A fresh process or a clock jump does not replay more than this many message slots. */
export const maxCatchUpMessages = 60
const retentionMs = 30 * 86_400_000
const pruneEveryMs = 3_600_000
/** Messages kept built: far more than the newest `maxCatchUpMessages` slots that reads rebuild. */
export const builtMessagesKept = 1024

interface Log {
  error(details: object, message: string): void
}

/**
 * The simulated message stream over a store. Only `publishDue` writes (the market's timer calls it,
 * tests may): reads never change a row. Because every message is a pure function of the seed and its
 * slot, reads add the messages due but not yet published, and `message(id)` can rebuild any of them.
 */
export class MessageFeed {
  readonly #listeners = new Set<(message: ServerMessage) => void>()
  #publishedThrough?: number
  #chain: Promise<unknown> = Promise.resolve()
  #lastPrune = Number.NEGATIVE_INFINITY
  /**
   * Messages by slot, each built once: every read of the stream adds the due slots' messages, the same
   * ones for every player. Frozen, since all callers share them.
   */
  readonly #built = new BoundedMap<number, ServerMessage>(builtMessagesKept)

  constructor(
    readonly generator: MessageGeneratorOptions,
    readonly store: MessageStore,
    readonly clock: Clock,
    readonly log?: Log,
  ) {}

  onMessage(listener: (message: ServerMessage) => void): Unsubscribe {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /**
   * Stores the messages due by now, then tells the listeners about those it stored: serialised, each
   * message once, also across a restart or a new publisher of a cluster catching up on the same slots.
   */
  publishDue(): Promise<ServerMessage[]> {
    const run = this.#chain.then(() => this.#publish())
    this.#chain = run.catch(() => undefined)
    return run
  }

  /** Stored messages plus those due but not yet published, newest first. */
  async recent(sinceMs: number, limit: number): Promise<ServerMessage[]> {
    const stored = await this.store.recent(sinceMs, limit)
    const byId = new Map(stored.map((message) => [message.message_id, message]))
    for (const message of this.#messagesBetween(Math.max(sinceMs, this.#catchUpStart()), this.clock.now()))
      byId.set(message.message_id, message)
    return [...byId.values()]
      .sort((a, b) => b.t - a.t || (a.message_id < b.message_id ? 1 : -1))
      .slice(0, limit)
  }

  /** One message by id: from the store, or rebuilt from its slot if it is this seed's and already due. */
  async message(id: string): Promise<ServerMessage | undefined> {
    const stored = await this.store.find(id)
    if (stored) return stored
    const [seed, slot] = id.split('-').map((part) => Number.parseInt(part, 36))
    if (seed !== this.generator.seed || slot === undefined || !Number.isSafeInteger(slot)) return undefined
    // a slot not yet due is not built: its price is not known yet
    if (messageTime(this.generator, slot) > this.clock.now()) return undefined
    const built = this.#messageOf(slot)
    return built.message_id === id ? built : undefined
  }

  /** How many built messages are kept (a test holds the memo bounded). */
  get builtMessages(): number {
    return this.#built.size
  }

  #messageOf(slot: number): ServerMessage {
    return this.#built.getOrCompute(slot, () => frozenMessage(messageForSlot(this.generator, slot)))
  }

  #messagesBetween(from: number, to: number): ServerMessage[] {
    return slotsBetween(this.generator, from, to).map((slot) => this.#messageOf(slot))
  }

  #catchUpStart(): number {
    return this.clock.now() - maxCatchUpMessages * this.generator.intervalMs
  }

  async #publish(): Promise<ServerMessage[]> {
    const now = this.clock.now()
    const from = Math.max(this.#publishedThrough ?? Number.NEGATIVE_INFINITY, this.#catchUpStart())
    if (from >= now) return []
    const fresh = await this.store.save(this.#messagesBetween(from, now))
    this.#publishedThrough = now
    for (const message of fresh) {
      for (const listener of this.#listeners) {
        try {
          listener(message)
        } catch (error) {
          this.log?.error({ err: error }, 'message listener failed')
        }
      }
    }
    if (now - this.#lastPrune >= pruneEveryMs) {
      this.#lastPrune = now
      await this.store.prune(now - retentionMs)
    }
    return fresh
  }
}
