import { createECDH, createHmac } from 'node:crypto'

/** The server's VAPID key pair (base64url), as web-push takes it. */
export interface VapidKeys {
  readonly publicKey: string
  readonly privateKey: string
}

/**
 * The VAPID key pair, derived from the server's secret: every process of a cluster (they share
 * ALPHA_SECRET) signs with the same key, and there is nothing more to configure or keep. A new secret
 * means a new key, and push services refuse the old subscriptions: browsers subscribe again on their
 * next visit (src/machines/push-subscription.machine.ts).
 */
export function vapidKeysFrom(secret: Buffer): VapidKeys {
  let keys = derived.get(secret)
  if (!keys) {
    keys = deriveKeys(secret)
    derived.set(secret, keys)
  }
  return keys
}

// derived once per secret: every push is signed with them
const derived = new WeakMap<Buffer, VapidKeys>()

function deriveKeys(secret: Buffer): VapidKeys {
  const privateKey = createHmac('sha256', secret).update('alpha web push VAPID key').digest()
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(privateKey)
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: privateKey.toString('base64url') }
}
