import { type ActorRefFrom, createActor, fromCallback, fromPromise } from 'xstate'
import type { ApiClient } from '../api/client'
import { wantsPush } from '../domain/push-wanted'
import { type PushMachine, pushMachine } from '../machines/push.machine'
import {
  type PushAccess,
  PushBlockedError,
  type PushEvent,
  pushOfferStorageKey,
} from '../machines/push.types'
import type { SessionMachine } from '../machines/session.machine'
import { selectLoggedIn, selectSettings } from '../machines/session.select'
import type { KeyValueStorage } from './persistence'
import { isServiceWorkerSupported } from './service-worker.actors'

/** The part of a service worker registration that push uses. */
export interface PushRegistration {
  readonly pushManager: Pick<PushManager, 'getSubscription' | 'subscribe'>
}

/** What the effects use of the browser; a test passes a fake. */
export interface PushBrowser {
  permission(): NotificationPermission
  requestPermission(): Promise<NotificationPermission>
  /** the app's service worker registration, once it is active */
  registration(): Promise<PushRegistration>
  /** calls `listener` whenever the notification permission changes; returns how to stop */
  onPermissionChange(listener: () => void): () => void
}

/** The page's browser, or null where push cannot work (no worker, no Push API, the dev server). */
export function pageBrowser(): PushBrowser | null {
  if (!isServiceWorkerSupported() || !('PushManager' in globalThis) || !('Notification' in globalThis))
    return null
  return {
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    registration: () => navigator.serviceWorker.ready,
    onPermissionChange(listener) {
      let stopped = false
      let status: PermissionStatus | undefined
      // a browser without the Permissions API (or that refuses the query) follows no change: a reload does
      navigator.permissions
        ?.query({ name: 'notifications' })
        .then((answer) => {
          status = answer
          if (!stopped) status.addEventListener('change', listener)
        })
        .catch(() => {})
      return () => {
        stopped = true
        status?.removeEventListener('change', listener)
      }
    },
  }
}

const bytesOfBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  a != null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, index) => byte === b[index])

/**
 * Asks the browser if the player has not allowed notifications yet (a no blocks them), subscribes with
 * the server's key (a subscription made with an older key is replaced: push services refuse it) and
 * gives the subscription to the server for this session.
 */
export async function subscribePush(
  api: ApiClient,
  browser: PushBrowser,
  signal: AbortSignal,
): Promise<void> {
  if (browser.permission() !== 'granted') {
    const answer = await browser.requestPermission()
    if (answer === 'denied') throw new PushBlockedError()
    if (answer !== 'granted') throw new Error('Notifications were not allowed.')
  }
  const registration = await browser.registration()
  const key = bytesOfBase64Url((await api.call('pushKey', { signal })).publicKey)
  let subscription = await registration.pushManager.getSubscription()
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  })
  const { endpoint, keys } = subscription.toJSON()
  if (!endpoint || !keys?.p256dh || !keys.auth)
    throw new Error('The browser gave an incomplete subscription.')
  await api.call('savePushSubscription', {
    body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    signal,
  })
}

export function providePush(
  machine: PushMachine,
  deps: {
    readonly api: ApiClient
    readonly browser: PushBrowser | null
    /** where the put-off offer is kept @default the browser's localStorage */
    readonly storage?: Pick<KeyValueStorage, 'setItem'>
  },
) {
  const { api, browser } = deps
  const storage = deps.storage ?? globalThis.localStorage
  return machine.provide({
    actions: {
      rememberOfferDeclined: () => storage?.setItem(pushOfferStorageKey, 'true'),
    },
    actors: {
      readPushAccess: fromPromise<PushAccess>(async () => browser?.permission() ?? 'unsupported'),
      subscribePush: fromPromise<void>(({ signal }) => {
        if (!browser) throw new Error('This browser cannot show notifications.')
        return subscribePush(api, browser, signal)
      }),
      watchPushAccess: fromCallback<PushEvent>(({ sendBack }) =>
        browser?.onPermissionChange(() => sendBack({ type: 'push.accessChanged' })),
      ),
    },
  })
}

/**
 * The running push actor (Settings reads it, sends `push.allow` and `push.retry`). It hears from the
 * session whether a signed-in player wants a push: again on each sign-in, since the server ties the
 * browser's subscription to the session.
 */
export function startPush(deps: {
  readonly api: ApiClient
  readonly session: ActorRefFrom<SessionMachine>
  readonly browser?: PushBrowser | null
  /** @default the browser's localStorage */
  readonly storage?: Pick<KeyValueStorage, 'getItem' | 'setItem'>
}) {
  const storage = deps.storage ?? globalThis.localStorage
  const push = createActor(
    providePush(pushMachine, { api: deps.api, browser: deps.browser ?? pageBrowser(), storage }),
    { input: { offerDeclined: storage?.getItem(pushOfferStorageKey) === 'true' } },
  ).start()
  let wanted = false
  const tell = (snapshot: ReturnType<typeof deps.session.getSnapshot>) => {
    const now = selectLoggedIn(snapshot) && wantsPush(selectSettings(snapshot))
    if (now === wanted) return
    wanted = now
    push.send({ type: 'push.wanted', wanted })
  }
  tell(deps.session.getSnapshot())
  deps.session.subscribe(tell)
  return push
}
