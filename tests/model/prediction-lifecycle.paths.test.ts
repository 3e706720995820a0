import { describe, expect, it } from 'vitest'
import { predictionLifecycleMachine } from '../../src/machines/prediction-lifecycle.machine'
import { generatePaths, pathTitle, stateName } from './paths'
import { isJudgedAfter, predictionLifecycleModel } from './prediction-lifecycle.model'
import { type PathHarness, replayPath } from './replay'

/** Records every status reported; checks the state against the spec's status. */
const harness: PathHarness = {
  provide: ({ record }) =>
    predictionLifecycleMachine.provide({
      actions: { reportStatus: (_, report) => record({ action: 'reportStatus', ...report }) },
    }),
  checkState: (snapshot, { event, history }) => {
    expect(stateName(snapshot)).toBe(isJudgedAfter([...history, event]) ? 'completed' : 'running')
  },
}

describe(`${predictionLifecycleModel.name} paths`, () => {
  const paths = generatePaths(predictionLifecycleModel)

  it('reach running and completed', () => {
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state))))
    expect([...visited].sort()).toEqual(['completed', 'running'])
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(predictionLifecycleModel, path)}`, () =>
      replayPath(predictionLifecycleModel, harness, path))
  }
})
