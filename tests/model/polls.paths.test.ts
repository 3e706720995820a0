import { describe, expect, it } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { pollLifecycleMachine } from '../../src/machines/poll-lifecycle.machine'
import { pollsMachine, selectHasOpenPoll } from '../../src/machines/polls.machine'
import type { PollsData } from '../../src/machines/polls.types'
import type { StoreContext } from '../../src/machines/store.types'
import { generatePaths, pathTitle, stateName } from './paths'
import { betResults, pollsModel, times } from './polls.model'
import { type PathHarness, replayPath } from './replay'

/** What the player must see after these events, worked out from the spec without the machine's code. */
function expectedPolls(events: readonly AnyEventObject[]) {
  let loaded = false
  let titles = false
  let now = times.start
  let local = false
  let confirmed = false
  for (const event of events) {
    if (event.type === 'xstate.done.actor.loadStore') {
      loaded = true
      confirmed = false // the server's list decides; it shows no bet of the player
    }
    if (event.type === 'store.reset') {
      loaded = false
      confirmed = false
    }
    if (event.type === 'titles.changed') titles = true
    if (event.type === 'clock.ticked') now = event.now
    if (event.type === 'polls.betAdded' && !local && !confirmed) local = true
    if (event.type === 'polls.resultsReceived' && local) {
      local = false
      confirmed = true
    }
  }
  if (!loaded || !titles) return []
  const p1Phase = now < times.closing ? 'open' : now < times.evaluation ? 'closed' : 'evaluated'
  return [
    { pollId: 1, phase: p1Phase, bet: local || confirmed, results: confirmed ? betResults : undefined },
    // p2 ended 6 h before the start; p3 is of a title the client does not know
    { pollId: 2, phase: 'evaluated', bet: false, results: undefined },
  ]
}

const harness: PathHarness = {
  // each poll's lifecycle runs, but silent: the traversal cannot hear its reports (the poll-lifecycle
  // paths walk it; tests/unit/polls-machine.test.ts checks the store shows what it reports)
  provide: ({ stub }) =>
    pollsMachine.provide({
      actors: { loadStore: stub('loadStore') as never, storeChild: pollLifecycleMachine as never },
    }),
  checkState: (snapshot, { event, history }) => {
    const context = snapshot.context as StoreContext<PollsData>
    const expected = expectedPolls([...history, event])
    expect(
      context.data.polls.map((poll) => ({
        pollId: poll.pollId,
        phase: poll.phase,
        bet: poll.votes.length > 0,
        results: poll.results.totalTtcBet > 0 ? poll.results : undefined,
      })),
    ).toEqual(expected)
    expect(selectHasOpenPoll(context)).toBe(expected.some((poll) => poll.phase === 'open'))
  },
}

describe(`${pollsModel.name} paths`, () => {
  const paths = generatePaths(pollsModel)

  it('reach every phase of the open poll, and a bet kept, confirmed and ignored', () => {
    const phases = new Set(
      paths.flatMap((path) =>
        path.steps.flatMap((step) =>
          (step.state.context as StoreContext<PollsData>).data.polls.map(
            (poll) => `${poll.pollId} ${poll.phase}`,
          ),
        ),
      ),
    )
    expect([...phases].sort()).toEqual(['1 closed', '1 evaluated', '1 open', '2 evaluated'])
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state))))
    expect([...visited].sort()).toEqual(['failed', 'loading', 'ready', 'uninitialized'])
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(pollsModel, path)}`, () => replayPath(pollsModel, harness, path))
  }
})
