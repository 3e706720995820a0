export interface LiveFeedContext {
  /** the stream's message ids as last seen; undefined until the first look (the baseline, not arrivals) */
  readonly ids?: readonly string[]
  /** the ids shown when the reader paused: the screen keeps showing only these until they resume */
  readonly frozenIds?: readonly string[]
  /** messages that arrived since the last announcement */
  readonly unannounced: number
  /** what the polite live region says: a count of new messages, never the messages themselves */
  readonly announcement: string
}

export type LiveFeedEvent =
  /** the live stream store changed (sent by the `watchStream` actor) */
  | { readonly type: 'feed.changed'; readonly ids: readonly string[] }
  | { readonly type: 'feed.pause' }
  | { readonly type: 'feed.resume' }
  /** the pause switch or its keyboard shortcut */
  | { readonly type: 'feed.toggle' }
