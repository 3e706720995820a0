import { describe, expect, it } from 'vitest'
import { type ActorRefFrom, createActor, fromPromise, SimulatedClock } from 'xstate'
import { requestState } from '~/actors/state-fetch.actors'
import { ApiError } from '~/api/client'
import type { ServerCallOutcome } from '~/machines/server-error.types'
import { selectPaused, stateFetchMachine } from '~/machines/state-fetch.machine'

/** State fetching with a fake state call whose outcomes the test settles one by one. */
function start() {
  const clock = new SimulatedClock()
  const calls: ((outcome: ServerCallOutcome) => void)[] = []
  let navigatedBack = 0
  const fetchState = fromPromise<ServerCallOutcome>(() => new Promise((resolve) => calls.push(resolve)))
  const machine = stateFetchMachine.provide({
    actors: { fetchState: fetchState as never },
    actions: {
      navigateBack: () => {
        navigatedBack += 1
      },
    },
  })
  const actor = createActor(machine, { clock }).start()
  return { actor, clock, calls, navigatedBack: () => navigatedBack }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => error,
  )
const state = { polls: [] }
const unavailable = new ApiError(503, 'http_503', 'Oops! Something went wrong')

/** A request that waits for the running call (wrapped: awaiting a promise would wait for the answer). */
async function pending(actor: ActorRefFrom<typeof stateFetchMachine>) {
  const answer = requestState(actor)
  await settle()
  return { answer }
}

describe('state fetching', () => {
  it('reuses a success for 5000 ms without a call', async () => {
    const { actor, clock, calls } = start()
    const first = requestState(actor)
    const second = requestState(actor)
    await settle()
    calls[0]?.({ ok: true, data: state })
    await expect(Promise.all([first, second])).resolves.toEqual([state, state])
    clock.increment(4999)
    await expect(requestState(actor)).resolves.toBe(state)
    expect(calls).toHaveLength(1)
    clock.increment(1)
    void requestState(actor)
    await settle()
    expect(calls).toHaveLength(2)
  })

  it('pauses on a 5xx: other requests are refused until a success resumes and navigates back', async () => {
    const { actor, calls, navigatedBack } = start()
    const { answer: waiting } = await pending(actor)
    actor.send({ type: 'state.serverError' })
    const refused = await rejection(requestState(actor))
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ status: 0, code: 'no_connection', message: 'No connection to server!' })
    expect(calls).toHaveLength(1)
    calls[0]?.({ ok: true, data: state })
    await expect(waiting).resolves.toBe(state)
    expect(navigatedBack()).toBe(1)
    await expect(requestState(actor)).resolves.toBe(state)
  })

  it('stays paused after the policy gives up; the next request is refused and tries again', async () => {
    const { actor, calls, navigatedBack } = start()
    const { answer: waiting } = await pending(actor)
    calls[0]?.({ ok: false, error: unavailable })
    expect(await rejection(waiting)).toBe(unavailable)
    expect(actor.getSnapshot().value).toBe('paused')
    expect(await rejection(requestState(actor))).toMatchObject({ code: 'no_connection' })
    await settle()
    expect(calls).toHaveLength(2)
    calls[1]?.({ ok: true, data: state })
    await settle()
    expect(navigatedBack()).toBe(1)
    expect(actor.getSnapshot().value).toBe('cached')
  })

  it('passes a failure below 500 to the waiting requests and stays connected', async () => {
    const { actor, calls, navigatedBack } = start()
    const { answer: waiting } = await pending(actor)
    const signedOut = new ApiError(401, 'unauthenticated', 'Please sign in first.')
    calls[0]?.({ ok: false, error: signedOut })
    expect(await rejection(waiting)).toBe(signedOut)
    expect(actor.getSnapshot().value).toBe('idle')
    expect(navigatedBack()).toBe(0)
  })

  it("pauses on another read's 5xx and tries the server with a state call; its success resumes", async () => {
    const { actor, calls, navigatedBack } = start()
    expect(selectPaused(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'server.failed' })
    await settle()
    expect(selectPaused(actor.getSnapshot())).toBe(true)
    expect(calls).toHaveLength(1)
    expect(await rejection(requestState(actor))).toMatchObject({ code: 'no_connection' })
    // a second failing read while paused starts nothing more
    actor.send({ type: 'server.failed' })
    await settle()
    expect(calls).toHaveLength(1)
    calls[0]?.({ ok: true, data: state })
    await settle()
    expect(selectPaused(actor.getSnapshot())).toBe(false)
    expect(navigatedBack()).toBe(1)
    await expect(requestState(actor)).resolves.toBe(state)
  })

  it('forgets a cached state: the next request calls again', async () => {
    const { actor, calls } = start()
    const first = requestState(actor)
    await settle()
    calls[0]?.({ ok: true, data: state })
    await first
    actor.send({ type: 'state.forget' })
    const next = requestState(actor)
    await settle()
    expect(calls).toHaveLength(2)
    const other = { polls: [1] }
    calls[1]?.({ ok: true, data: other })
    await expect(next).resolves.toBe(other)
  })

  it('asks again when told to forget while a call runs, answering the waiting with the new answer', async () => {
    const { actor, calls } = start()
    const { answer } = await pending(actor)
    actor.send({ type: 'state.forget' })
    await settle()
    expect(calls).toHaveLength(2)
    const other = { polls: [2] }
    calls[1]?.({ ok: true, data: other })
    await expect(answer).resolves.toBe(other)
  })
})
