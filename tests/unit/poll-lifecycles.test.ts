import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, fromPromise, SimulatedClock } from 'xstate'
import type { Poll } from '~/api/polls'
import { pollActorId, pollsMachine, selectHasOpenPoll, selectPolls } from '~/machines/polls.machine'
import { hour, pollAt } from '../support/game-fixtures'

const settle = () => new Promise((resolve) => setImmediate(resolve))

/** The polls store on a simulated clock, logged in, knowing title 1, at server time `now`. */
async function start(polls: Poll[], now: number) {
  const clock = new SimulatedClock()
  let served = polls
  const machine = pollsMachine.provide({
    actors: { loadStore: fromPromise<readonly Poll[]>(async () => served) },
  })
  const actor = createActor(machine, { input: { loggedIn: true }, clock }).start()
  actor.send({ type: 'clock.ticked', now })
  actor.send({ type: 'titles.changed', titleIds: [1] })
  actor.send({ type: 'store.initialize' })
  await settle()
  const phases = () => selectPolls(actor.getSnapshot().context).map((poll) => [poll.pollId, poll.phase])
  const lifecycle = (pollId: number) =>
    actor.getSnapshot().children[pollActorId(pollId)] as AnyActorRef | undefined
  const lifecycleState = (pollId: number) => lifecycle(pollId)?.getSnapshot().value
  const reload = async (next: Poll[]) => {
    served = next
    actor.send({ type: 'store.initialize', force: true })
    await settle()
  }
  return { actor, clock, phases, lifecycle, lifecycleState, reload }
}

describe('the polls store’s poll lifecycles', () => {
  it('runs one lifecycle per shown poll, started in the phase of the server’s time', async () => {
    const { phases, lifecycleState } = await start(
      [pollAt(1, 1, 0), pollAt(2, 1, -3 * hour), pollAt(3, 2, 0)],
      0,
    )
    expect(lifecycleState(1)).toBe('open')
    expect(lifecycleState(2)).toBe('closed')
    // a poll of an unknown title is not shown, so it has no lifecycle
    expect(lifecycleState(3)).toBeUndefined()
    expect(phases()).toEqual([
      [1, 'open'],
      [2, 'closed'],
    ])
  })

  it('shows the phase the lifecycle moved to at endTime and evalTime, without a clock tick', async () => {
    const { actor, clock, phases, lifecycleState } = await start([pollAt(1, 1, 0)], hour)
    clock.increment(hour - 1)
    await settle()
    expect(phases()).toEqual([[1, 'open']])
    clock.increment(1)
    await settle()
    expect(lifecycleState(1)).toBe('closed')
    expect(phases()).toEqual([[1, 'closed']])
    expect(selectHasOpenPoll(actor.getSnapshot().context)).toBe(false)
    clock.increment(4 * hour)
    await settle()
    expect(lifecycleState(1)).toEqual({ evaluated: 'judging' })
    expect(phases()).toEqual([[1, 'evaluated']])
  })

  it('moves a lifecycle on when the clock jumps past its steps, and settles it with the server’s copy', async () => {
    const { actor, phases, lifecycleState, reload } = await start([pollAt(1, 1, 0)], 0)
    actor.send({ type: 'clock.ticked', now: 7 * hour })
    await settle()
    expect(lifecycleState(1)).toEqual({ evaluated: 'judging' })
    expect(phases()).toEqual([[1, 'evaluated']])
    const settled = pollAt(1, 1, 0, {
      phase: 'evaluated',
      evalPrice: 101,
      outcome: 'up',
      settledAt: 7 * hour,
    })
    await reload([settled])
    expect(lifecycleState(1)).toEqual({ evaluated: 'settled' })
  })

  it('stops the lifecycle of a poll no longer shown', async () => {
    const { actor, lifecycle } = await start([pollAt(1, 1, 0)], 0)
    const running = lifecycle(1)
    expect(running?.getSnapshot().status).toBe('active')
    actor.send({ type: 'titles.changed', titleIds: [] })
    await settle()
    expect(lifecycle(1)).toBeUndefined()
    expect(running?.getSnapshot().status).toBe('stopped')
  })
})
