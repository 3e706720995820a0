import { z } from 'zod'
import { storableText } from './auth'

/** `bytes` bytes as base64url without padding, as the browser's `PushSubscription.toJSON()` writes keys. */
const base64Url = (bytes: number) =>
  z
    .string()
    .length(Math.ceil((bytes * 4) / 3), { error: `Must be ${bytes} bytes in base64url.` })
    .regex(/^[\w-]+$/, { error: `Must be ${bytes} bytes in base64url.` })

/** A push service's address for one browser, as the browser gives it. */
const endpointSchema = z
  .url({ protocol: /^https?$/ })
  .max(1000)
  .refine(storableText, { error: 'Must not contain U+0000.' })

/**
 * A browser's push subscription (`PushSubscription.toJSON()`, without expirationTime): where the push
 * service takes messages for this browser, and the keys that encrypt them for it alone.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({
    /** the browser's P-256 public key, uncompressed */
    p256dh: base64Url(65),
    /** the shared authentication secret */
    auth: base64Url(16),
  }),
})
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>

export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema })

/** The server's VAPID public key (base64url): the browser subscribes with it as applicationServerKey. */
export const pushKeySchema = z.object({ publicKey: z.string() })

/** What a push message carries to the service worker (public/push-sw.js shows it as a notification). */
export interface PushPayload {
  readonly title: string
  readonly body: string
  /** the page a click on the notification opens, a path of the app */
  readonly url: string
  /** a newer notification of the same tag replaces the older one */
  readonly tag: string
}
