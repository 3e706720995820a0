import type { ServerMessage } from '../../src/api/market'
import type { Poll } from '../../src/api/polls'
import type { TagResponse } from '../../src/api/predictions'
import type { SignedUp } from './accounts'
import { HttpClient } from './http-client'
import type { TestServer } from './test-server'

/** One title of one message: what a prediction names. */
export interface Pair {
  messageId: string
  titleId: number
}

/**
 * Hands out (message, title) pairs of the market's recent messages, each once per instance, skipping
 * the titles a test keeps for other things (e.g. its poll title).
 */
export class PairSource {
  readonly #used = new Set<string>()
  constructor(
    readonly server: TestServer,
    readonly skipTitles: readonly number[] = [],
  ) {}

  async take(count: number): Promise<Pair[]> {
    const now = this.server.clock.now()
    const messages: ServerMessage[] = await this.server.ctx.market.recentMessages({
      sinceMs: now - 24 * 3_600_000,
      limit: 400,
    })
    const pairs: Pair[] = []
    for (const message of messages) {
      for (const mention of message.titles) {
        const key = `${message.message_id}/${mention.title_id}`
        if (pairs.length >= count || this.#used.has(key) || this.skipTitles.includes(mention.title_id))
          continue
        if (!this.server.ctx.market.latestTick(mention.title_id)) continue
        this.#used.add(key)
        pairs.push({ messageId: message.message_id, titleId: mention.title_id })
      }
    }
    if (pairs.length < count) throw new Error(`only ${pairs.length} fresh pairs`)
    return pairs
  }
}

export async function tag(player: SignedUp, pair: Pair, trend: 'Up' | 'Down'): Promise<TagResponse> {
  const answer = await player.client.post<TagResponse>(
    `/v1/stockgame/tagged-messages/${encodeURIComponent(pair.messageId)}/tag`,
    { userId: player.user.id, titleId: pair.titleId, messageId: pair.messageId, trend },
  )
  if (answer.status !== 200) throw new Error(`tag: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body
}

export async function bet(player: SignedUp, poll: Poll, vote: 'up' | 'flat' | 'down', ttcBet: number) {
  const answer = await player.client.post(`/v1/stockgame/polls/${poll.pollId}/vote`, {
    pollId: poll.pollId,
    userId: player.user.id,
    vote,
    ttcBet,
  })
  if (answer.status !== 200) throw new Error(`bet: ${answer.status} ${JSON.stringify(answer.body)}`)
}

/** `POST /v1/test/clock`: moves server time and runs the jobs due. */
export async function advanceClock(server: TestServer, ms: number): Promise<void> {
  const answer = await new HttpClient(server.url).post('/v1/test/clock', {
    advanceMs: Math.max(0, Math.round(ms)),
  })
  if (answer.status !== 200) throw new Error(`clock: ${answer.status} ${JSON.stringify(answer.body)}`)
}

export async function advanceClockTo(server: TestServer, target: number): Promise<void> {
  await advanceClock(server, target - server.clock.now())
}
