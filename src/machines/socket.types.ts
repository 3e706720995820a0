import type { LiveMessage, Tick } from '../api/market'
import type { SubscribeTitleTicksAnswer } from '../api/realtime'
import type { TradingHours } from '../domain/trading-hours'

/** Spec §7, §9: 'subscribe title ticks' is retried up to 3 times on the initial connect. */
export const subscribeRetries = 3

/** A title the app knows (spec §3 "Title info": id and name). */
export interface TitleInfo {
  readonly id: number
  /** the name; absent when unknown, reported as '-' */
  readonly n?: string
  /** the currency of its prices, as the universe lists it (spec §9 default currency); absent when unknown */
  readonly currency?: string
  /** when its market trades, for the fair-play rules; absent when unknown (the server decides) */
  readonly hours?: TradingHours
}

export interface SocketInput {
  /** titles known when the machine starts @default [] */
  readonly titles?: readonly TitleInfo[]
}

export interface SocketContext {
  /** the signed-in user's websocketCredentials */
  readonly credentials: string
  /** every title the app knows, in the order they were added: the socket subscribes to all of them */
  readonly titles: readonly TitleInfo[]
  /** the ids of the last 'subscribe title ticks' sent */
  readonly requested: readonly number[]
  /** failed subscribes in a row on the initial connect */
  readonly subscribeFailures: number
  /** a subscribe succeeded since `socket.connect`: later subscribes are no longer the initial connect's */
  readonly subscribedOnce: boolean
}

/** Title id -> name, or '-' when the name is unknown (spec §5). */
export type MissingTitles = Readonly<Record<string, string>>

export type SocketEvent =
  /** the app: a user signed in (or their credentials changed): connect and authorize with these */
  | { readonly type: 'socket.connect'; readonly credentials: string }
  /** the app: the user signed out */
  | { readonly type: 'socket.disconnect' }
  /** the app: title infos were added; connected, the socket re-subscribes for all known ids */
  | { readonly type: 'titles.added'; readonly titles: readonly TitleInfo[] }
  /** the socket (listenToSocket): connected, also after each automatic reconnection */
  | { readonly type: 'socket.connected' }
  /** the socket: the connection dropped; socket.io-client reconnects by itself */
  | { readonly type: 'socket.disconnected'; readonly reason: string }
  | { readonly type: 'socket.connectError'; readonly message: string }
  /** the socket: reconnected after `attempt` attempts */
  | { readonly type: 'socket.reconnected'; readonly attempt: number }
  /** the socket: the acknowledgement of 'authorize' (false also when it did not come in time) */
  | { readonly type: 'socket.authorized'; readonly ok: boolean }
  /** the socket: the acknowledgement of 'subscribe title ticks': the latest tick per known title */
  | { readonly type: 'socket.subscribed'; readonly ticks: SubscribeTitleTicksAnswer }
  /** the socket: 'subscribe title ticks' was refused or not acknowledged in time */
  | { readonly type: 'socket.subscribeFailed'; readonly reason: string }
  /**
   * the socket: the ticks pushed within one batching window (`tickBatchMs` of the socket actor), the
   * latest per title, in the order the titles first ticked in it
   */
  | { readonly type: 'socket.ticked'; readonly ticks: readonly Tick[] }
  | { readonly type: 'socket.message'; readonly message: LiveMessage }
  /** the socket: the server pushed 'groups changed' (a group of the player's changed) */
  | { readonly type: 'socket.groupsChanged'; readonly groupId: number }

/** What the machine asks of the socket actor; the answers come back as `socket.*` events. */
export type SocketCommand =
  | { readonly type: 'socket.authorize'; readonly credentials: string }
  | { readonly type: 'socket.subscribe'; readonly titleIds: readonly number[] }

/** What listeners (the live stream, prices, predictions) hear. */
export type SocketEmitted =
  /** pushed ticks, a batch at a time: the latest per title */
  | { readonly type: 'realtime.ticked'; readonly ticks: readonly Tick[] }
  | { readonly type: 'realtime.message'; readonly message: LiveMessage }
  /** the latest ticks from a subscribe acknowledgement */
  | { readonly type: 'realtime.ticks'; readonly ticks: SubscribeTitleTicksAnswer }
  /** a group of the player's changed on the server: the group lists are read again */
  | { readonly type: 'realtime.groupsChanged'; readonly groupId: number }

/** What `refreshUser` resolves with: the refreshed user's credentials; it rejects for a guest. */
export interface RefreshedUser {
  readonly websocketCredentials: string
}

/** The titles of the last subscribe missing in its acknowledgement. */
export function missingTitles(context: SocketContext, ticks: SubscribeTitleTicksAnswer): MissingTitles {
  const missing: Record<string, string> = {}
  for (const id of context.requested) {
    if (ticks[String(id)] !== undefined) continue
    missing[String(id)] = context.titles.find((title) => title.id === id)?.n || '-'
  }
  return missing
}
