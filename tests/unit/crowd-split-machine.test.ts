import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import type { CrowdHour } from '../../src/api/crowd'
import {
  type CrowdSplitInput,
  crowdRefreshMs,
  crowdSplitFailedText,
  crowdSplitMachine,
  selectCrowdSplit,
  selectCrowdSplitFailure,
} from '../../src/machines/crowd-split.machine'

const input = { titleId: 7, from: 1000, to: 2000 }
const split: CrowdHour[] = [{ hour: 0, up: 2, down: 1 }]

describe('crowdSplitMachine', () => {
  it('loads the split for its title and span', async () => {
    const asked: CrowdSplitInput[] = []
    const machine = crowdSplitMachine.provide({
      actors: {
        loadCrowdSplit: fromPromise(async ({ input: asking }: { input: CrowdSplitInput }) => {
          asked.push(asking)
          return split
        }),
      },
    })
    const actor = createActor(machine, { input }).start()
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'))
    expect(asked).toEqual([input])
    expect(selectCrowdSplit(actor.getSnapshot())).toEqual(split)
  })

  it('loads the split again every minute, the last one staying drawn, also beside a failed reload', async () => {
    const splits: CrowdHour[][] = [split, [{ hour: 0, up: 3, down: 1 }]]
    let calls = 0
    const machine = crowdSplitMachine.provide({
      actors: {
        loadCrowdSplit: fromPromise(async () => {
          calls += 1
          const next = splits[calls - 1]
          if (!next) throw new Error('offline')
          return next
        }),
      },
    })
    const clock = new SimulatedClock()
    const actor = createActor(machine, { input, clock }).start()
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'))
    clock.increment(crowdRefreshMs - 1)
    expect(calls).toBe(1)
    clock.increment(1)
    expect(selectCrowdSplit(actor.getSnapshot())).toEqual(split)
    await waitFor(actor, (snapshot) => snapshot.matches('loaded') && calls === 2, { timeout: 2000 })
    expect(selectCrowdSplit(actor.getSnapshot())).toEqual(splits[1])
    clock.increment(crowdRefreshMs)
    await waitFor(actor, (snapshot) => snapshot.matches('failed'))
    expect(calls).toBe(3)
    expect(selectCrowdSplitFailure(actor.getSnapshot())).toBe(crowdSplitFailedText)
    expect(selectCrowdSplit(actor.getSnapshot())).toEqual(splits[1])
  })

  it('shows a failure, not an empty split, and loads again on retry', async () => {
    let calls = 0
    const machine = crowdSplitMachine.provide({
      actors: {
        loadCrowdSplit: fromPromise(async () => {
          calls += 1
          if (calls === 1) throw new Error('offline')
          return split
        }),
      },
    })
    const actor = createActor(machine, { input }).start()
    await waitFor(actor, (snapshot) => snapshot.matches('failed'))
    expect(selectCrowdSplitFailure(actor.getSnapshot())).toBe(crowdSplitFailedText)
    expect(selectCrowdSplit(actor.getSnapshot())).toBeUndefined()
    actor.send({ type: 'crowd.retry' })
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'))
    expect(selectCrowdSplitFailure(actor.getSnapshot())).toBeUndefined()
    expect(selectCrowdSplit(actor.getSnapshot())).toEqual(split)
  })
})
