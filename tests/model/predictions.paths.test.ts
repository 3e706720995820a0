import { describe, expect, it } from 'vitest'
import { predictionsMachine } from '../../src/machines/predictions.machine'
import type { PredictionsContext } from '../../src/machines/predictions.types'
import { generatePaths, pathTitle, stateName } from './paths'
import { predictionsModel, queueAfter } from './predictions.model'
import { type PathHarness, replayPath } from './replay'

/** Records what reaches the tagged-message store, the notices and the way to sign-in. */
const harness: PathHarness = {
  provide: ({ record, stub }) =>
    predictionsMachine.provide({
      actors: { postPrediction: stub('postPrediction') as never },
      actions: {
        addPrediction: (_, prediction) => record({ action: 'adds the prediction to the store', prediction }),
        storePrediction: (_, prediction) => record({ action: 'stores the server copy', prediction }),
        removePrediction: (_, prediction) => record({ action: 'takes the prediction back', prediction }),
        updateRewardFactor: (_, rewardFactor) => record({ action: 'sets the reward factor', rewardFactor }),
        notify: (_, notice) => record({ notice }),
        navigateToSignIn: () => record({ navigate: '/account/signin' }),
      },
    }),
  checkState: (snapshot, { event, history }) => {
    const queue = queueAfter([...history, event])
    expect((snapshot.context as PredictionsContext).queue).toEqual(queue)
    expect(stateName(snapshot)).toBe(queue.length ? 'sending' : 'idle')
  },
}

describe(`${predictionsModel.name} paths`, () => {
  const paths = generatePaths(predictionsModel)

  it('send two predictions in turn', () => {
    const longest = Math.max(
      ...paths.flatMap((path) =>
        path.steps.map((step) => (step.state.context as PredictionsContext).queue.length),
      ),
    )
    expect(longest).toBe(2)
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(predictionsModel, path)}`, () =>
      replayPath(predictionsModel, harness, path))
  }
})
