import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, fromPromise } from 'xstate'
import type { LoadedTaggedMessages } from '~/machines/predictions.types'
import {
  predictionActorId,
  selectPredictionStatus,
  selectPredictions,
  taggedMessagesMachine,
} from '~/machines/tagged-messages.machine'
import { hour, taggedMessage } from '../support/game-fixtures'

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('the tagged-message store’s prediction lifecycles', () => {
  const made = taggedMessage('m1', { createdAt: 0 })

  /** The store, logged in, loading what `served` holds at each load. */
  async function start(first: LoadedTaggedMessages) {
    let served = first
    const machine = taggedMessagesMachine.provide({
      actors: {
        loadStore: fromPromise(async () => served),
        saveStore: fromPromise(async () => {}),
      },
    })
    const actor = createActor(machine, { input: { loggedIn: true } }).start()
    const reload = async (next: LoadedTaggedMessages) => {
      served = next
      actor.send({ type: 'store.initialize', force: true })
      await settle()
    }
    await reload(first)
    const lifecycle = () => actor.getSnapshot().children[predictionActorId(made)] as AnyActorRef | undefined
    return { actor, reload, lifecycle }
  }

  it('runs a lifecycle per prediction and shows the status it enters', async () => {
    const { actor, reload, lifecycle } = await start({ messages: [made], rewardFactor: 1 })
    expect(lifecycle()?.getSnapshot().value).toBe('running')
    expect(selectPredictionStatus(actor.getSnapshot().context, made)).toBe('running')
    const judged = { ...made, evalPrice: 110, evaluatedAt: 3 * hour }
    await reload({ messages: [judged], rewardFactor: 1 })
    expect(lifecycle()?.getSnapshot().value).toBe('completed')
    const { context } = actor.getSnapshot()
    expect(context.data.statuses).toEqual({ '5_1_m1': 'completed' })
    expect(selectPredictions(context, 'completed').map((p) => p.messageId)).toEqual(['m1'])
    expect(selectPredictions(context, 'running')).toEqual([])
  })

  it('stops the lifecycle of a prediction taken back', async () => {
    const { actor, lifecycle } = await start({ messages: [made], rewardFactor: 1 })
    const running = lifecycle()
    actor.send({ type: 'predictions.removed', key: '5_1_m1' })
    await settle()
    expect(lifecycle()).toBeUndefined()
    expect(running?.getSnapshot().status).toBe('stopped')
    expect(actor.getSnapshot().context.data.statuses).toEqual({})
  })
})
