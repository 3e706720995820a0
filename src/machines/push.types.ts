/** What this browser allows the app for push notifications, before asking anything. */
export type PushAccess =
  /** no service worker, Push API or notifications here (or the dev server, which has no worker) */
  | 'unsupported'
  /** the player blocked notifications for the app in the browser */
  | 'denied'
  /** not asked yet: only a click of the player may ask */
  | 'default'
  | 'granted'

export type PushEvent =
  /**
   * The session's say: a player is signed in and wants something as a push (a Settings switch), or
   * not. A new sign-in says it again: the server ties a browser's subscription to its session.
   */
  | { readonly type: 'push.wanted'; readonly wanted: boolean }
  /** the player allows notifications in this browser (Settings; a click, so the browser may ask) */
  | { readonly type: 'push.allow' }
  /** the player tries again after a failure */
  | { readonly type: 'push.retry' }
  /** the player puts off the dashboard's offer to allow notifications: this browser does not offer it again */
  | { readonly type: 'push.notNow' }
  /** the browser's notification permission changed (the player allowed or blocked Alpha in its site settings) */
  | { readonly type: 'push.accessChanged' }

/** The player answered the browser's question with no: the browser blocks notifications now. */
export class PushBlockedError extends Error {
  constructor() {
    super('Notifications are blocked in this browser.')
    this.name = 'PushBlockedError'
  }
}

/** How long subscribing may take (the worker's start, the push service) before it counts as failed. */
export const subscribeTimeoutMs = 30_000

/** Where this browser keeps that the player put off the dashboard's offer (`push.notNow`). */
export const pushOfferStorageKey = 'alpha.pushOfferDeclined'
