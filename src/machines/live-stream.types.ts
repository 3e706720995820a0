import type { IncomingMessage, LiveStreamMessage, MissingTick } from '../domain/live-stream'
import type { StoreEvent } from './store.types'

export interface LiveStreamContext {
  /** the stream, newest first (at most 200) */
  readonly messages: readonly LiveStreamMessage[]
  /** the known titles in list order: a message's main title is the earliest of them */
  readonly titleIds: readonly number[]
  /** titles with a tick price: a message whose main title has none is reported and skipped */
  readonly pricedTitleIds: readonly number[]
  /** messages the player tagged: left out */
  readonly taggedMessageIds: readonly string[]
  readonly loggedIn: boolean
  /** fetched before any tick price was known: shown once one is */
  readonly fetched?: readonly IncomingMessage[]
  /** why the last fetch failed */
  readonly error?: unknown
}

export interface LiveStreamInput {
  /** @default false */
  readonly loggedIn?: boolean
}

export type LiveStreamEvent =
  | StoreEvent
  | { readonly type: 'titles.changed'; readonly titleIds: readonly number[] }
  | { readonly type: 'prices.changed'; readonly titleIds: readonly number[] }
  /** the player's tagged messages changed: those leave the stream */
  | { readonly type: 'predictions.changed'; readonly messageIds: readonly string[] }
  /** a realtime 'message' push; only type 'tweets' joins the stream */
  | { readonly type: 'liveStream.pushed'; readonly message: IncomingMessage & { readonly type?: string } }

/** What `reportError` sends to error reporting when messages are skipped for want of a tick (spec §5). */
export interface MissingTicksReport {
  readonly message: 'Missing tick'
  readonly missing: readonly MissingTick[]
}
