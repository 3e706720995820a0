import { describe, expect, it } from 'vitest'
import { pollLifecycleMachine } from '../../src/machines/poll-lifecycle.machine'
import { delayOf, generatePaths, isAfterEvent, pathTitle, stateName } from './paths'
import { pollAfter, pollInput, pollLifecycleModel } from './poll-lifecycle.model'
import { type PathHarness, replayPath } from './replay'

/** Records every phase reported; checks the state against the spec's phase at the server's time. */
const harness: PathHarness = {
  provide: ({ record }) =>
    pollLifecycleMachine.provide({
      actions: { reportPhase: (_, report) => record({ action: 'reportPhase', ...report }) },
    }),
  checkState: (snapshot, { from, event, history }) => {
    const expected = pollAfter([...history, event])
    const settledName = expected.settled ? 'evaluated.settled' : 'evaluated.judging'
    expect(stateName(snapshot)).toBe(expected.phase === 'evaluated' ? settledName : expected.phase)
    // the timed steps wait exactly until endTime and evalTime on the server's clock
    if (isAfterEvent(event) && from) {
      const at = (from.context as { now: number }).now + delayOf(pollLifecycleMachine, from, event)
      expect(at).toBe(stateName(from) === 'open' ? pollInput.endTime : pollInput.evalTime)
    }
  },
}

describe(`${pollLifecycleModel.name} paths`, () => {
  const paths = generatePaths(pollLifecycleModel)

  it('reach every phase, by time and by a jump of the clock, and the settled result', () => {
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state))))
    expect([...visited].sort()).toEqual(['closed', 'evaluated.judging', 'evaluated.settled', 'open'])
    const moves = new Set(
      paths.flatMap((path) => path.steps.map((step) => step.event.type.replace(/\.poll\..*$/, ''))),
    )
    expect(moves).toEqual(
      new Set(['xstate.init', 'poll.changed', 'xstate.after.untilEnd', 'xstate.after.untilEvaluation']),
    )
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(pollLifecycleModel, path)}`, () =>
      replayPath(pollLifecycleModel, harness, path))
  }
})
