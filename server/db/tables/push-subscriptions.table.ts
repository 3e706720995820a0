import type { Selectable } from 'kysely'

/**
 * A browser that asked for push notifications (server/push): tied to the signed-in session that
 * subscribed it, so signing out (or a session's end) stops the pushes to that browser.
 */
export interface PushSubscriptionsTable {
  /** the push service's address for this browser: unique, a browser has one per app */
  endpoint: string
  sessionIdHash: string
  userId: number
  /** the browser's P-256 public key (base64url): messages are encrypted for it alone */
  p256dh: string
  /** the shared authentication secret (base64url) */
  auth: string
  createdAt: number
}

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>
