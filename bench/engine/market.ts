import type { MessageStore } from '../../server/market/messages.repo'
import type { MarketSource, Unsubscribe } from '../../server/market/source'
import { instruments, toTitle } from '../../server/market/universe'
import type { ServerMessage, Tick, Title } from '../../src/api/market'

/**
 * The 100 titles of the universe with prices that are a pure function of title and time (no timers, no
 * ticks), and messages read from the database as the simulated market reads them (one lookup by id).
 */
export class EngineMarket implements MarketSource {
  readonly #titles: Title[] = instruments.map(toTitle)
  readonly #byId = new Map(this.#titles.map((title) => [title.id, title]))
  readonly #basePrice = new Map(instruments.map((instrument) => [instrument.id, instrument.startPrice]))
  #store: MessageStore | undefined

  /** The message store, once the database is open (the context builds it after the market). */
  attachStore(store: MessageStore): void {
    this.#store = store
  }

  /** A price that moves a little from minute to minute, the same in every process. */
  price(id: number, at: number): number | undefined {
    const base = this.#basePrice.get(id)
    if (base === undefined) return undefined
    const minute = Math.floor(at / 60_000)
    return Math.round(base * (1 + 0.01 * Math.sin(minute / 7 + id)) * 100) / 100
  }

  titles = () => this.#titles
  title = (id: number) => this.#byId.get(id)
  latestTick = (id: number): Tick | undefined => {
    const now = Date.now()
    const price = this.price(id, now)
    return price === undefined
      ? undefined
      : { id, a: price * 1.0002, b: price * 0.9998, l: price, s: 'sp', t: now }
  }
  isOpen = (id: number) => this.#byId.has(id)
  priceAt = async (id: number, at: number) => this.price(id, at)
  onTick(_listener: (tick: Tick) => void): Unsubscribe {
    return () => {}
  }
  onMessage(_listener: (message: ServerMessage) => void): Unsubscribe {
    return () => {}
  }
  history = async () => undefined
  fundamentals = async () => undefined
  recentMessages = async ({ sinceMs, limit }: { sinceMs: number; limit: number }) =>
    (await this.#store?.recent(sinceMs, limit)) ?? []
  message = async (id: string) => this.#store?.find(id)
  publishDueMessages = async () => []
  start = () => {}
  stop = () => {}
}

/** Message `w<k>` of the write scenario: it mentions two titles, so a tag names one of them. */
export function writeMessage(k: number, titleIds: readonly number[], createdAt: number): ServerMessage {
  const [first, second] = messageTitles(k, titleIds)
  return {
    message_id: `w${k}`,
    twitter_user: { profile_image_url: 'https://example.test/a.png', name: 'Bench', screen_name: 'bench' },
    tweet: `#${first} and #${second} on the move`,
    t: Math.floor(createdAt / 1000),
    titles: [
      { title_id: first, start_index: 0, end_index: 4 },
      { title_id: second, start_index: 9, end_index: 13 },
    ],
  }
}

/** The two titles message `w<k>` mentions. */
export function messageTitles(k: number, titleIds: readonly number[]): [number, number] {
  const n = titleIds.length
  // an offset of 1 to n - 1: never the first title again
  return [titleIds[k % n] as number, titleIds[(k + 1 + ((k * 7) % (n - 1))) % n] as number]
}
