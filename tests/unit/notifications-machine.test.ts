import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, SimulatedClock } from 'xstate'
import { watchConnectivity } from '~/actors/connectivity.actors'
import { notifierFor, provideNotifications } from '~/actors/notifications.actors'
import { noticeTexts } from '~/machines/notices'
import { notificationsMachine } from '~/machines/notifications.machine'
import { maxNotices } from '~/machines/notifications.types'

/** The machine with a connectivity stand-in the test switches, on a simulated clock. */
function start(online = true) {
  const clock = new SimulatedClock()
  let sendBack: ((event: { type: string }) => void) | undefined
  const machine = notificationsMachine.provide({
    actors: {
      watchConnectivity: fromCallback((args) => {
        sendBack = args.sendBack as never
      }),
    },
  })
  const actor = createActor(machine, { clock, input: { online } }).start()
  const shown = () => actor.getSnapshot().context.notices.map(({ id, message }) => ({ id, message }))
  return { actor, clock, shown, connectivity: (type: string) => sendBack?.({ type }) }
}

describe('the notifications machine', () => {
  it('queues notices and closes each after 5000 ms unless it says otherwise', () => {
    const { actor, clock, shown } = start()
    actor.send({ type: 'notice.show', notice: { kind: 'positive', message: 'Reconnected' } })
    clock.increment(1000)
    actor.send({ type: 'notice.show', notice: { kind: 'info', message: 'Saved', timeoutMs: 8000 } })
    actor.send({ type: 'notice.show', notice: { kind: 'negative', message: 'Sticky', timeoutMs: 0 } })
    expect(actor.getSnapshot().context.notices).toEqual([
      { id: 1, kind: 'positive', message: 'Reconnected', timeoutMs: 5000 },
      { id: 2, kind: 'info', message: 'Saved', timeoutMs: 8000 },
      { id: 3, kind: 'negative', message: 'Sticky', timeoutMs: 0 },
    ])
    clock.increment(3999)
    expect(shown()).toHaveLength(3)
    clock.increment(1)
    expect(shown()).toEqual([
      { id: 2, message: 'Saved' },
      { id: 3, message: 'Sticky' },
    ])
    clock.increment(5000)
    expect(shown()).toEqual([{ id: 3, message: 'Sticky' }])
    clock.increment(60_000)
    expect(shown()).toEqual([{ id: 3, message: 'Sticky' }])
  })

  it('dismisses a notice, whose timer then changes nothing', () => {
    const { actor, clock, shown } = start()
    actor.send({ type: 'notice.show', notice: { kind: 'warning', message: 'a' } })
    actor.send({ type: 'notice.dismiss', id: 1 })
    actor.send({ type: 'notice.show', notice: { kind: 'warning', message: 'b' } })
    expect(shown()).toEqual([{ id: 2, message: 'b' }])
    clock.increment(5000)
    expect(shown()).toEqual([])
  })

  it('replaces the notice shown with the same key, and keeps at most the newest ten', () => {
    const { actor, shown } = start()
    const connectError = (caption: string) => ({
      type: 'notice.show' as const,
      notice: { kind: 'warning' as const, message: 'Connect error', caption, key: 'connect_error' },
    })
    actor.send(connectError('first'))
    actor.send(connectError('second'))
    expect(actor.getSnapshot().context.notices).toEqual([
      {
        id: 2,
        kind: 'warning',
        message: 'Connect error',
        caption: 'second',
        key: 'connect_error',
        timeoutMs: 5000,
      },
    ])
    for (let i = 0; i < maxNotices + 2; i++)
      actor.send({ type: 'notice.show', notice: { kind: 'info', message: `n${i}` } })
    expect(shown()).toHaveLength(maxNotices)
    expect(shown()[0]?.message).toBe('n2')
  })

  it("shows 'No internet connection.' while offline, until the browser is back", () => {
    const { actor, clock, shown, connectivity } = start()
    connectivity('connectivity.offline')
    expect(actor.getSnapshot().value).toBe('offline')
    expect(actor.getSnapshot().context.notices).toEqual([
      { id: 1, kind: 'negative', message: noticeTexts.noInternet, timeoutMs: 0, key: 'no_internet' },
    ])
    clock.increment(60_000)
    expect(shown()).toHaveLength(1)
    connectivity('connectivity.offline')
    expect(shown()).toHaveLength(1)
    connectivity('connectivity.online')
    expect(actor.getSnapshot().value).toBe('online')
    expect(shown()).toEqual([])
  })

  it('starts offline when the browser is', () => {
    const { actor, shown } = start(false)
    expect(actor.getSnapshot().value).toBe('offline')
    expect(shown()).toEqual([{ id: 1, message: 'No internet connection.' }])
  })
})

describe('the connectivity wiring', () => {
  it("follows the window's online and offline events and stops listening when stopped", async () => {
    const window = Object.assign(new EventTarget(), { navigator: { onLine: false } })
    const actor = createActor(provideNotifications(notificationsMachine, window), {
      input: { online: true },
    }).start()
    expect(actor.getSnapshot().value).toBe('offline')
    window.dispatchEvent(new Event('online'))
    expect(actor.getSnapshot().value).toBe('online')
    window.dispatchEvent(new Event('offline'))
    expect(actor.getSnapshot().value).toBe('offline')
    notifierFor(actor).show({ kind: 'info', message: 'hello' })
    // delivered a microtask later, outside whatever action called the notifier
    expect(actor.getSnapshot().context.notices.map((notice) => notice.message)).toEqual([
      'No internet connection.',
    ])
    await Promise.resolve()
    expect(actor.getSnapshot().context.notices.map((notice) => notice.message)).toEqual([
      'No internet connection.',
      'hello',
    ])
    actor.stop()
    window.dispatchEvent(new Event('online'))
    expect(actor.getSnapshot().value).toBe('offline')
  })

  it('says nothing where nothing says offline', () => {
    const source = new EventTarget()
    const parent = createActor(
      notificationsMachine.provide({
        actors: { watchConnectivity: watchConnectivity(source) as never },
      }),
      { input: {} },
    ).start()
    expect(parent.getSnapshot().value).toBe('online')
    parent.stop()
  })
})
