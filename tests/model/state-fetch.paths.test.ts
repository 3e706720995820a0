import { describe, expect, it } from 'vitest'
import { stateFetchMachine } from '../../src/machines/state-fetch.machine'
import { delayOf, generatePaths, isAfterEvent, pathTitle, stateName } from './paths'
import { type PathHarness, replayPath } from './replay'
import { stateFetchModel } from './state-fetch.model'

/** Records the navigation back; the stand-in `fetchState` finishes with the policy's outcome. */
const harness: PathHarness = {
  provide: ({ record, stub }) =>
    stateFetchMachine.provide({
      actors: { fetchState: stub('fetchState') as never },
      actions: { navigateBack: () => record({ navigate: 'back' }) },
    }),
  checkState: (_, { from, event }) => {
    // the replay fired the timer exactly at this delay: the cache lives 5000 ms
    if (isAfterEvent(event) && from) expect(delayOf(stateFetchMachine, from, event)).toBe(5000)
  },
}

describe(`${stateFetchModel.name} paths`, () => {
  const paths = generatePaths(stateFetchModel)

  it('reach the cache, the pause and the resume', () => {
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state))))
    expect([...visited].sort()).toEqual(['cached', 'fetching.connected', 'fetching.paused', 'idle', 'paused'])
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(stateFetchModel, path)}`, () =>
      replayPath(stateFetchModel, harness, path))
  }
})
