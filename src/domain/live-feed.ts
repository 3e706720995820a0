import { formatDecimal } from './number-format'

/** The live stream screen shows at most this many messages: the rows stay cheap at 50 messages a second. */
export const maxVisibleMessages = 100

/** How many of `next` were not in `previous`: the messages that arrived between two looks at the stream. */
export function countArrivals(previous: readonly string[], next: readonly string[]): number {
  const known = new Set(previous)
  return next.reduce((count, id) => (known.has(id) ? count : count + 1), 0)
}

/** '1 new message', '1,204 new messages'. */
export function newMessagesText(count: number): string {
  return `${formatDecimal(count, 0)} new ${count === 1 ? 'message' : 'messages'}`
}

/**
 * The messages to show: the newest `limit` of the stream, or while paused those that were shown when
 * the reader paused and are still in the stream (a tagged one leaves at once; one pushed out of the
 * stream by 200 newer ones goes too).
 */
export function visibleMessages<M extends { readonly id: string }>(
  stream: readonly M[],
  frozenIds: readonly string[] | undefined,
  limit = maxVisibleMessages,
): readonly M[] {
  if (frozenIds === undefined) return stream.length <= limit ? stream : stream.slice(0, limit)
  const frozen = new Set(frozenIds)
  return stream.filter((message) => frozen.has(message.id)).slice(0, limit)
}

/**
 * What a hold or a pause freezes: the stream from the newest message the list has drawn on, so a batch
 * not yet drawn when the pointer came to rest waits behind the button instead of appearing under it;
 * `waiting` counts those newer ones. Without a drawn message still in the stream, all of it is frozen.
 */
export function frozenAtDrawn(
  ids: readonly string[],
  newestDrawnId: string | undefined,
): { frozenIds: readonly string[]; waiting: number } {
  const at = newestDrawnId === undefined ? -1 : ids.indexOf(newestDrawnId)
  return at <= 0 ? { frozenIds: ids, waiting: 0 } : { frozenIds: ids.slice(at), waiting: at }
}
