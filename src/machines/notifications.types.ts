import type { Notice } from './notices'

/** A notice on screen: its id, and the timeout it got (0: until dismissed). */
export interface ShownNotice extends Notice {
  readonly id: number
  readonly timeoutMs: number
}

export interface NotificationsInput {
  /** whether the browser is online at start @default true */
  readonly online?: boolean
}

export interface NotificationsContext {
  /** oldest first */
  readonly notices: readonly ShownNotice[]
  readonly nextId: number
  readonly online: boolean
}

/** The most notices kept at once; the oldest goes first. */
export const maxNotices = 10

export type NotificationsEvent =
  | { readonly type: 'notice.show'; readonly notice: Notice }
  | { readonly type: 'notice.dismiss'; readonly id: number }
  /** a notice's timeout passed (raised by the machine itself) */
  | { readonly type: 'notice.expire'; readonly id: number }
  /** the browser lost its connection (the watchConnectivity actor) */
  | { readonly type: 'connectivity.offline' }
  | { readonly type: 'connectivity.online' }

/** The id of the timer that closes a notice. */
export const expiryTimerId = (id: number) => `notice.expire.${id}`
