import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { CrowdHour } from '../../src/api/crowd'
import {
  type CrowdSplitInput,
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
