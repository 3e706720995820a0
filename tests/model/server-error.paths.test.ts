import { describe, expect, it } from 'vitest'
import { serverErrorMachine } from '../../src/machines/server-error.machine'
import { delayOf, generatePaths, isAfterEvent, pathTitle } from './paths'
import { type PathHarness, replayPath } from './replay'
import {
  answer,
  clientFailure,
  isServerFailureEvent,
  serverErrorModel,
  serverFailure,
} from './server-error.model'

/** Records the policy's notices, navigation and report; checks delays and how the call ended. */
const harness: PathHarness = {
  provide: ({ record, stub }) =>
    serverErrorMachine.provide({
      actors: { callServer: stub('callServer') },
      actions: {
        reportServerError: () => record({ action: 'reportServerError' }),
        navigateToError: () => record({ navigate: '/error' }),
        notify: (_, notice) => record({ notice }),
      },
    }),
  checkState: (snapshot, { from, event, history }) => {
    // the replay fired the timer exactly at this delay: it must be 2^n s after the n-th failure
    if (isAfterEvent(event) && from) {
      expect(delayOf(serverErrorMachine, from, event)).toBe(
        2 ** history.filter(isServerFailureEvent).length * 1000,
      )
    }
    if (snapshot.status !== 'done') return
    if (event.type === 'xstate.done.actor.callServer')
      expect(snapshot.output).toEqual({ ok: true, data: answer })
    else if (isServerFailureEvent(event)) expect(snapshot.output).toEqual({ ok: false, error: serverFailure })
    else expect(snapshot.output).toEqual({ ok: false, error: clientFailure })
  },
}

describe(`${serverErrorModel.name} paths`, () => {
  const paths = generatePaths(serverErrorModel)

  it('reach every end: an answer, a pass-through and the give-up, after 0 to 4 retries', () => {
    const ends = paths.map((path) => path.steps.at(-1)?.state.value)
    expect(ends.filter((end) => end === 'succeeded')).toHaveLength(5)
    expect(ends.filter((end) => end === 'rejected')).toHaveLength(5)
    expect(ends.filter((end) => end === 'exhausted')).toHaveLength(1)
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(serverErrorModel, path)}`, () =>
      replayPath(serverErrorModel, harness, path))
  }
})
