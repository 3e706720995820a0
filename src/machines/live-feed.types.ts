/**
 * Why the feed holds new messages back without the reader's pause: the pointer rests on the list, or
 * a control in it has focus (a message sliding in above would move what they are about to click).
 */
export type HoldReason = 'pointer' | 'focus' | 'scroll'

export interface LiveFeedContext {
  /** the stream's message ids as last seen; undefined until the first look (the baseline, not arrivals) */
  readonly ids?: readonly string[]
  /** the newest message the list has drawn (it draws a batch a moment after the stream has it) */
  readonly newestDrawnId?: string
  /** the ids shown when the reader paused: the screen keeps showing only these until they resume */
  readonly frozenIds?: readonly string[]
  /** messages that arrived since the last announcement */
  readonly unannounced: number
  /** what the polite live region says: a count of new messages, never the messages themselves */
  readonly announcement: string
  /** the holds in force (empty: nothing holds the feed) */
  readonly holds: readonly HoldReason[]
}

export type LiveFeedEvent =
  /** the live stream store changed (sent by the `watchStream` actor) */
  | { readonly type: 'feed.changed'; readonly ids: readonly string[] }
  /** the list drew its messages, this one the newest (sent by the screen after each drawing) */
  | { readonly type: 'feed.drawn'; readonly newestId?: string }
  | { readonly type: 'feed.pause' }
  | { readonly type: 'feed.resume' }
  /** the pause switch or its keyboard shortcut */
  | { readonly type: 'feed.toggle' }
  /** the pointer came onto the list, or focus into it */
  | { readonly type: 'feed.hold'; readonly reason: HoldReason }
  /** the pointer left the list, or focus left it */
  | { readonly type: 'feed.release'; readonly reason: HoldReason }
  /** the 'N new messages' button: show what waits, and keep holding what comes next */
  | { readonly type: 'feed.showNew' }
