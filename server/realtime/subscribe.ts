import { toSubscribeTick } from '../../src/api/market'
import {
  type RealtimeRefusal,
  type SubscribeTitleTicksAnswer,
  subscribeTitleTicksSchema,
} from '../../src/api/realtime'
import type { MarketSource } from '../market/source'
import { isTitleRoom, titleRoom } from './rooms'
import { requestOf, type SocketHandler } from './types'

const unauthorized: RealtimeRefusal = {
  error: { code: 'unauthorized', message: 'Authorize the socket before subscribing.' },
}
const invalidInput: RealtimeRefusal = {
  error: { code: 'invalid_input', message: 'Expected an array of at most 500 title ids.' },
}

/**
 * `subscribe title ticks` [ids]: the socket's subscription becomes the known titles among the ids (one
 * room each) and the acknowledgement maps each of them to its latest tick. Unknown ids are absent, so
 * the client can report them. Refused with a `RealtimeRefusal` before authorization or for bad input.
 */
export function subscribeHandler(market: Pick<MarketSource, 'title' | 'latestTick'>): SocketHandler {
  return function subscribe(...args) {
    const { payload: titleIds, reply } = requestOf(args)
    if (this.data.userId === undefined) return reply(unauthorized)
    const parsed = subscribeTitleTicksSchema.safeParse(titleIds)
    if (!parsed.success) return reply(invalidInput)
    const answer: SubscribeTitleTicksAnswer = {}
    const rooms = new Set<string>()
    for (const id of parsed.data) {
      if (!market.title(id)) continue
      rooms.add(titleRoom(id))
      const tick = market.latestTick(id)
      if (tick) answer[id] = toSubscribeTick(tick)
    }
    for (const room of this.rooms) {
      if (isTitleRoom(room) && !rooms.has(room)) this.leave(room)
    }
    this.join([...rooms])
    reply(answer)
  }
}
