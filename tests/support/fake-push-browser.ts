import { vi } from 'vitest'
import type { PushBrowser } from '../../src/actors'
import type { Handler } from './memory-api'

/** The server's VAPID public key, as bytes and as GET /v1/push/key gives it. */
export const serverKey = Uint8Array.from({ length: 65 }, (_, index) => (index * 7 + 4) % 256)
export const serverKeyText = Buffer.from(serverKey).toString('base64url')
/** What the browser's push subscription says of itself (`toJSON`). */
export const subscriptionJson = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
}

/** memory-api handlers of the push calls: the key, and the subscriptions saved (into `saved`). */
export function pushServerHandlers(saved: unknown[]): Record<string, Handler> {
  return {
    pushKey: () => ({ publicKey: serverKeyText }),
    savePushSubscription: ({ body }) => {
      saved.push(body)
    },
  }
}

/** A subscription as the push manager hands it out, made with `key`. */
export function browserSubscription(key: Uint8Array) {
  return {
    options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => true),
  }
}

/** The browser: its permission, the player's answer when asked, and the subscription it already holds. */
export function fakeBrowser(options: {
  permission: NotificationPermission
  answer?: NotificationPermission
  existing?: ReturnType<typeof browserSubscription>
}) {
  const made = browserSubscription(serverKey)
  const pushManager = {
    getSubscription: vi.fn(async () => options.existing ?? null),
    subscribe: vi.fn(async () => made),
  }
  const permissionListeners = new Set<() => void>()
  const browser = {
    permission: () => options.permission,
    requestPermission: vi.fn(async () => options.answer ?? 'default'),
    registration: async () => ({ pushManager }),
    onPermissionChange(listener: () => void) {
      permissionListeners.add(listener)
      return () => permissionListeners.delete(listener)
    },
  }
  /** the player changes the permission in the browser's site settings */
  const changePermission = (permission: NotificationPermission) => {
    options.permission = permission
    for (const listener of permissionListeners) listener()
  }
  return {
    browser: browser as unknown as PushBrowser & typeof browser,
    pushManager,
    changePermission,
    permissionListeners,
  }
}
