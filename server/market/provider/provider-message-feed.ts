import type { ServerMessage } from '../../../src/api/market'
import type { ProviderClient } from '../../../src/api/provider'
import type { Clock } from '../../clock'
import type { MessageStore } from '../messages.repo'
import type { Unsubscribe } from '../source'
import { type TitleLookup, toServerMessage } from './provider-messages'
import { parseList, providerMessageSchema } from './provider-shapes'

/** The first fetch reaches back as far as the untagged-messages list does. */
const firstFetchMs = 24 * 3_600_000
/** Later fetches overlap the newest message seen, for messages the provider indexes late. */
const overlapMs = 5 * 60_000
const fetchLimit = 100
const rememberedIds = 5000
const retentionMs = 30 * 86_400_000
const pruneEveryMs = 3_600_000

export interface ProviderMessageFeedOptions {
  client: ProviderClient
  clock: Clock
  store: MessageStore
  titles: TitleLookup
  /** the universe ids whose messages are fetched */
  ids(): readonly number[]
  signal(): AbortSignal
  log?: { warn(details: object, message: string): void; error(details: object, message: string): void }
}

/**
 * Tweets about the universe's titles from `GET /titles/{idents}/messages?type=tweets`, stored like the
 * simulated ones (so the untagged-messages list and tags find them) and then told to the listeners,
 * each once. Fetches are serialised; a failed one changes nothing and the next one tries again.
 */
export class ProviderMessageFeed {
  readonly #listeners = new Set<(message: ServerMessage) => void>()
  readonly #seen = new Set<string>()
  #newest?: number
  #chain: Promise<unknown> = Promise.resolve()
  #lastPrune = Number.NEGATIVE_INFINITY

  constructor(readonly options: ProviderMessageFeedOptions) {}

  onMessage(listener: (message: ServerMessage) => void): Unsubscribe {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Fetches, stores and tells the messages not seen before; oldest first. Rejects when the fetch fails. */
  fetchNew(): Promise<ServerMessage[]> {
    const run = this.#chain.then(() => this.#fetch())
    this.#chain = run.catch(() => undefined)
    return run
  }

  async #fetch(): Promise<ServerMessage[]> {
    const { client, clock, store, titles, log } = this.options
    const now = clock.now()
    const since = Math.max(now - firstFetchMs, (this.#newest ?? Number.NEGATIVE_INFINITY) - overlapMs)
    const answer = await client.titlesMessages({
      path: { idents: this.options.ids() },
      query: { type: 'tweets', startDate: new Date(since).toISOString(), limit: fetchLimit },
      signal: this.options.signal(),
    })
    const { items, skipped } = parseList(providerMessageSchema, answer)
    const fresh: ServerMessage[] = []
    let unusable = skipped
    for (const item of items) {
      const message = toServerMessage(item, titles, now)
      if (!message) unusable += 1
      else if (!this.#seen.has(message.message_id) && !fresh.some((m) => m.message_id === message.message_id))
        fresh.push(message)
    }
    if (unusable > 0)
      log?.warn({ unusable }, 'provider messages without id, text, time, author or known title skipped')
    // Stored by an earlier run of the server: not news to the listeners.
    const stored = await Promise.all(fresh.map((message) => store.find(message.message_id)))
    const news = fresh.filter((_, index) => stored[index] === undefined).sort((a, b) => a.t - b.t)
    await store.save(news)
    for (const message of fresh) this.#remember(message)
    for (const message of news) {
      for (const listener of this.#listeners) {
        try {
          listener(message)
        } catch (error) {
          log?.error({ err: error }, 'message listener failed')
        }
      }
    }
    if (now - this.#lastPrune >= pruneEveryMs) {
      this.#lastPrune = now
      await store.prune(now - retentionMs)
    }
    return news
  }

  #remember(message: ServerMessage): void {
    this.#newest = Math.max(this.#newest ?? Number.NEGATIVE_INFINITY, message.t * 1000)
    this.#seen.add(message.message_id)
    if (this.#seen.size > rememberedIds) {
      const oldest = this.#seen.values().next().value
      if (oldest !== undefined) this.#seen.delete(oldest)
    }
  }
}
