import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { providePush, subscribePush } from '~/actors'
import { pushMachine, selectPushState } from '~/machines/push.machine'
import { PushBlockedError } from '~/machines/push.types'
import {
  browserSubscription,
  fakeBrowser,
  pushServerHandlers,
  serverKey,
  subscriptionJson,
} from '../support/fake-push-browser'
import { memoryApi } from '../support/memory-api'

function api() {
  const saved: unknown[] = []
  const fake = memoryApi(pushServerHandlers(saved))
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
    const push = createActor(providePush(pushMachine, { api: client, browser }), { input: {} }).start()
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
