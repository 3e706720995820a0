import { describe, expect, it } from 'vitest'
import { betMachine } from '../../src/machines/bet.machine'
import type { BetContext } from '../../src/machines/bet.types'
import { betModel, queueAfter } from './bet.model'
import { generatePaths, pathTitle, stateName } from './paths'
import { type PathHarness, replayPath } from './replay'

/** Records the bet's local add, the stored results, the notices and the way to sign-in. */
const harness: PathHarness = {
  provide: ({ record, stub }) =>
    betMachine.provide({
      actors: { postVote: stub('postVote') as never },
      actions: {
        addBetLocally: (_, bet) => record({ action: 'adds the bet to the polls store', bet }),
        storeResults: (_, stored) => record({ action: 'stores the poll results', ...stored }),
        notify: (_, notice) => record({ notice }),
        navigateToSignIn: () => record({ navigate: '/account/signin' }),
      },
    }),
  checkState: (snapshot, { event, history }) => {
    const queue = queueAfter([...history, event])
    expect((snapshot.context as BetContext).queue).toEqual(queue)
    expect(stateName(snapshot)).toBe(queue.length ? 'sending' : 'idle')
  },
}

describe(`${betModel.name} paths`, () => {
  const paths = generatePaths(betModel)

  it('send two bets in turn', () => {
    const longest = Math.max(
      ...paths.flatMap((path) => path.steps.map((step) => (step.state.context as BetContext).queue.length)),
    )
    expect(longest).toBe(2)
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(betModel, path)}`, () => replayPath(betModel, harness, path))
  }
})
