import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import { pushMachine, selectPushOffer, selectPushState } from '~/machines/push.machine'
import { type PushAccess, PushBlockedError, type PushEvent, subscribeTimeoutMs } from '~/machines/push.types'

const settle = () => new Promise((resolve) => setImmediate(resolve))

/**
 * The push flow with fakes: the browser allows `access` until `changeAccess` (its site settings) says
 * otherwise; the test settles each subscription.
 */
function start(initialAccess: PushAccess, offerDeclined = false) {
  let access = initialAccess
  const subscriptions: { resolve(): void; reject(error: unknown): void }[] = []
  /** the permission watches running now */
  const watching = new Set<(event: PushEvent) => void>()
  const clock = new SimulatedClock()
  let remembered = 0
  const machine = pushMachine.provide({
    actions: {
      rememberOfferDeclined: () => {
        remembered += 1
      },
    },
    actors: {
      readPushAccess: fromPromise(async () => access),
      subscribePush: fromPromise<void>(
        () => new Promise((resolve, reject) => subscriptions.push({ resolve, reject })),
      ),
      watchPushAccess: fromCallback<PushEvent>(({ sendBack }) => {
        watching.add(sendBack)
        return () => watching.delete(sendBack)
      }),
    },
  })
  const actor = createActor(machine, { clock, input: { offerDeclined } }).start()
  const state = () => selectPushState(actor.getSnapshot())
  const want = async (wanted: boolean) => {
    actor.send({ type: 'push.wanted', wanted })
    await settle()
  }
  const changeAccess = async (next: PushAccess) => {
    access = next
    for (const sendBack of watching) sendBack({ type: 'push.accessChanged' })
    await settle()
  }
  const offered = () => selectPushOffer(actor.getSnapshot())
  return {
    actor,
    state,
    want,
    subscriptions,
    clock,
    watching,
    changeAccess,
    offered,
    remembered: () => remembered,
  }
}

describe('push notifications in this browser', () => {
  it('does nothing until a signed-in player wants a push', async () => {
    const { actor, state, subscriptions } = start('granted')
    actor.send({ type: 'push.allow' })
    await settle()
    expect(state()).toBe('idle')
    expect(subscriptions).toHaveLength(0)
  })

  it('waits for the player’s click before the browser may ask, then subscribes', async () => {
    const { actor, state, want, subscriptions } = start('default')
    await want(true)
    expect(state()).toBe('askable')
    expect(subscriptions).toHaveLength(0)
    actor.send({ type: 'push.allow' })
    expect(state()).toBe('subscribing')
    subscriptions[0]?.resolve()
    await settle()
    expect(state()).toBe('subscribed')
  })

  it('subscribes at once in a browser that was allowed before, again after each new sign-in', async () => {
    const { state, want, subscriptions } = start('granted')
    await want(true)
    expect(state()).toBe('subscribing')
    subscriptions[0]?.resolve()
    await settle()
    expect(state()).toBe('subscribed')
    // signed out, signed in again: the new session needs the subscription too
    await want(false)
    expect(state()).toBe('idle')
    await want(true)
    expect(subscriptions).toHaveLength(2)
  })

  it('says blocked where the player blocked notifications, before or when the browser asks', async () => {
    const before = start('denied')
    await before.want(true)
    expect(before.state()).toBe('blocked')

    const asked = start('default')
    await asked.want(true)
    asked.actor.send({ type: 'push.allow' })
    asked.subscriptions[0]?.reject(new PushBlockedError())
    await settle()
    expect(asked.state()).toBe('blocked')
  })

  it('follows the permission as the player changes it in the site settings, without a reload', async () => {
    const { state, want, subscriptions, watching, changeAccess } = start('denied')
    await want(true)
    expect(state()).toBe('blocked')
    expect(watching.size).toBe(1)
    await changeAccess('granted')
    expect(state()).toBe('subscribing')
    // the watch ends with the state that needed it
    expect(watching.size).toBe(0)
    subscriptions[0]?.resolve()
    await settle()
    expect(state()).toBe('subscribed')

    // not asked yet, then blocked in the site settings before the player clicked
    const notAsked = start('default')
    await notAsked.want(true)
    expect(notAsked.state()).toBe('askable')
    await notAsked.changeAccess('denied')
    expect(notAsked.state()).toBe('blocked')
    // signed out: nothing is watched any more
    await notAsked.want(false)
    expect(notAsked.watching.size).toBe(0)
  })

  it('offers to allow notifications while the browser may ask, until the player puts it off', async () => {
    const { actor, want, offered, remembered, subscriptions } = start('default')
    expect(offered()).toBe(false)
    await want(true)
    expect(offered()).toBe(true)
    // the offer stays while its click is answered, and says a failure
    actor.send({ type: 'push.allow' })
    expect(offered()).toBe(true)
    subscriptions[0]?.reject(new Error('Registration failed - push service error'))
    await settle()
    expect(offered()).toBe(true)
    actor.send({ type: 'push.notNow' })
    expect(offered()).toBe(false)
    expect(remembered()).toBe(1)
    // a retry from Settings still works, and the offer stays put off
    actor.send({ type: 'push.retry' })
    expect(offered()).toBe(false)
    subscriptions[1]?.resolve()
    await settle()
    expect(actor.getSnapshot().value).toBe('subscribed')

    // put off before, in this browser: never offered
    const before = start('default', true)
    await before.want(true)
    expect(before.state()).toBe('askable')
    expect(before.offered()).toBe(false)

    // subscribed, blocked or unsupported: nothing to offer
    for (const access of ['granted', 'denied', 'unsupported'] as const) {
      const other = start(access)
      await other.want(true)
      other.subscriptions[0]?.resolve()
      await settle()
      expect(other.offered(), access).toBe(false)
    }
  })

  it('offers nothing for a subscription the browser makes on its own, nor for its failure until the player retries', async () => {
    // allowed before (granted): the browser subscribes at sign-in without a click
    const { actor, want, offered, state, subscriptions } = start('granted')
    await want(true)
    expect(state()).toBe('subscribing')
    expect(offered()).toBe(false)
    subscriptions[0]?.reject(new Error('Registration failed - push service error'))
    await settle()
    expect(state()).toBe('failed')
    expect(offered()).toBe(false)
    // Try again in Settings is the player's click: its answer shows on the dashboard too
    actor.send({ type: 'push.retry' })
    expect(offered()).toBe(true)
    subscriptions[1]?.reject(new Error('Registration failed - push service error'))
    await settle()
    expect(offered()).toBe(true)
  })

  it('says unsupported where the browser has no push', async () => {
    const { state, want } = start('unsupported')
    await want(true)
    expect(state()).toBe('unsupported')
  })

  it('shows a failure with the reason and tries again on the player’s word', async () => {
    const { actor, state, want, subscriptions } = start('granted')
    await want(true)
    subscriptions[0]?.reject(new Error('Registration failed - push service error'))
    await settle()
    expect(state()).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('Registration failed - push service error')
    actor.send({ type: 'push.retry' })
    expect(state()).toBe('subscribing')
    expect(actor.getSnapshot().context.error).toBeUndefined()
    subscriptions[1]?.resolve()
    await settle()
    expect(state()).toBe('subscribed')
  })

  it('fails a subscription the browser never finishes', async () => {
    const { state, want, clock } = start('granted')
    await want(true)
    clock.increment(subscribeTimeoutMs - 1)
    expect(state()).toBe('subscribing')
    clock.increment(1)
    expect(state()).toBe('failed')
  })

  it('goes quiet when the player no longer wants a push, whatever it was doing', async () => {
    const { state, want, subscriptions } = start('granted')
    await want(true)
    await want(false)
    expect(state()).toBe('idle')
    // the subscription that was running is stopped: its late answer changes nothing
    subscriptions[0]?.resolve()
    await settle()
    expect(state()).toBe('idle')
  })
})
