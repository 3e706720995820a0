import type { SubscribeTick } from './market'

// zod-free: the client's socket actor uses these at boot; `realtime.ts` re-exports them

/** The socket.io path of the realtime channel; only the websocket transport is served. */
export const realtimePath = '/socket.io'

/** Why the server refused a `subscribe title ticks` call (same shape as the REST error bodies). */
export interface RealtimeRefusal {
  error: {
    code: 'unauthorized' | 'invalid_input'
    message: string
  }
}

/** Title id (as an object key) -> latest tick; ids the market does not know are absent. */
export type SubscribeTitleTicksAnswer = Record<string, SubscribeTick>

export function isRealtimeRefusal(answer: unknown): answer is RealtimeRefusal {
  return typeof answer === 'object' && answer !== null && 'error' in answer
}
