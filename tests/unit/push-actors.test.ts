import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { type PushBrowser, providePush, subscribePush } from '~/actors'
import { pushMachine, selectPushState } from '~/machines/push.machine'
import { PushBlockedError } from '~/machines/push.types'
import { memoryApi } from '../support/memory-api'

const serverKey = Uint8Array.from({ length: 65 }, (_, index) => (index * 7 + 4) % 256)
const serverKeyText = Buffer.from(serverKey).toString('base64url')
const subscriptionJson = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
}

/** A subscription as the push manager hands it out, made with `key`. */
function browserSubscription(key: Uint8Array) {
  return {
    options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => true),
  }
}

/** The browser: its permission, the player's answer when asked, and the subscription it already holds. */
function fakeBrowser(options: {
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

function api() {
  const saved: unknown[] = []
  const fake = memoryApi({
    pushKey: () => ({ publicKey: serverKeyText }),
    savePushSubscription: ({ body }) => {
      saved.push(body)
    },
  })
  return { ...fake, saved }
}

const signal = new AbortController().signal

describe('subscribePush', () => {
  it('asks the browser once the player clicked, subscribes with the server’s key and saves it', async () => {
    const { browser, pushManager } = fakeBrowser({ permission: 'default', answer: 'granted' })
    const { api: client, saved } = api()
    await subscribePush(client, browser, signal)
    expect(browser.requestPermission).toHaveBeenCalledOnce()
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: serverKey,
    })
    expect(saved).toEqual([subscriptionJson])
  })

  it('is blocked when the player says no, and saves nothing', async () => {
    const { browser, pushManager } = fakeBrowser({ permission: 'default', answer: 'denied' })
    const { api: client, saved } = api()
    await expect(subscribePush(client, browser, signal)).rejects.toBeInstanceOf(PushBlockedError)
    expect(pushManager.subscribe).not.toHaveBeenCalled()
    expect(saved).toEqual([])
  })

  it('fails, not blocked, when the player closes the question without an answer', async () => {
    const { browser } = fakeBrowser({ permission: 'default', answer: 'default' })
    const failure = subscribePush(api().api, browser, signal)
    await expect(failure).rejects.toThrow('Notifications were not allowed.')
    await expect(failure).rejects.not.toBeInstanceOf(PushBlockedError)
  })

  it('keeps the browser’s subscription made with the same key, without asking again', async () => {
    const existing = browserSubscription(serverKey)
    const { browser, pushManager } = fakeBrowser({ permission: 'granted', existing })
    const { api: client, saved } = api()
    await subscribePush(client, browser, signal)
    expect(browser.requestPermission).not.toHaveBeenCalled()
    expect(pushManager.subscribe).not.toHaveBeenCalled()
    expect(existing.unsubscribe).not.toHaveBeenCalled()
    expect(saved).toEqual([subscriptionJson])
  })

  it('replaces a subscription made with an older key (a new server secret)', async () => {
    const existing = browserSubscription(serverKey.map((byte) => byte ^ 1))
    const { browser, pushManager } = fakeBrowser({ permission: 'granted', existing })
    await subscribePush(api().api, browser, signal)
    expect(existing.unsubscribe).toHaveBeenCalledOnce()
    expect(pushManager.subscribe).toHaveBeenCalledOnce()
  })
})

describe('providePush', () => {
  it('subscribes once the player unblocks notifications in the site settings, and stops listening then', async () => {
    const { browser, changePermission, permissionListeners } = fakeBrowser({ permission: 'denied' })
    const { api: client, saved } = api()
    const push = createActor(providePush(pushMachine, { api: client, browser })).start()
    push.send({ type: 'push.wanted', wanted: true })
    await vi.waitFor(() => expect(selectPushState(push.getSnapshot())).toBe('blocked'))
    expect(permissionListeners.size).toBe(1)
    changePermission('granted')
    await vi.waitFor(() => expect(selectPushState(push.getSnapshot())).toBe('subscribed'))
    expect(saved).toEqual([subscriptionJson])
    expect(permissionListeners.size).toBe(0)
    push.stop()
  })
})
