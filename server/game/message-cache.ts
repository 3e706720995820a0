import type { ServerMessage } from '../../src/api/market'
import { keepRecent } from '../../src/domain/bounded-map'
import type { MarketSource } from '../market/source'

/** How long a message found is kept: far below the store's 30 days of retention. */
export const messageCacheMs = 60_000
const messagesKept = 5000

interface Kept {
  message: ServerMessage
  /** wall clock */
  keptAt: number
}

/**
 * The market's messages by id for the tag route, kept a minute: a stored message never changes (its
 * id is its content's), so a tag on a recent message needs no lookup and no parse. Only messages found
 * are kept; an unknown id is asked again each time (it may be published a moment later).
 */
export class MessageCache {
  readonly #kept = new Map<string, Kept>()

  constructor(
    readonly market: Pick<MarketSource, 'message'>,
    readonly maxAgeMs = messageCacheMs,
  ) {}

  async message(id: string): Promise<ServerMessage | undefined> {
    const kept = this.#kept.get(id)
    if (kept && Date.now() - kept.keptAt < this.maxAgeMs) return kept.message
    const message = await this.market.message(id)
    if (message) keepRecent(this.#kept, id, { message, keptAt: Date.now() }, messagesKept)
    else this.#kept.delete(id)
    return message
  }
}
