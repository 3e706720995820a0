import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { requestState } from '~/actors/state-fetch.actors'
import { linkStateToGroups } from '~/actors/state-links'
import { groupsMachine, selectPublicGroups } from '~/machines/groups.machine'
import type { ServerCallOutcome } from '~/machines/server-error.types'
import { stateFetchMachine } from '~/machines/state-fetch.machine'
import { settle } from '../support/client-fixtures'
import { group } from '../support/game-fixtures'

const stateWith = (publicGroups: unknown[]) => ({
  users: [],
  polls: [],
  rankings: {},
  chronic: [],
  publicGroups,
})

/** State fetching whose state call answers what the test queues, linked to a groups actor. */
function start(answers: unknown[]) {
  const fetchState = fromPromise<ServerCallOutcome>(async () => ({ ok: true, data: answers.shift() }))
  const fetching = createActor(
    stateFetchMachine.provide({ actors: { fetchState: fetchState as never } }),
  ).start()
  const groups = createActor(groupsMachine).start()
  const link = linkStateToGroups(fetching, groups)
  return { fetching, groups, link }
}

describe('the public groups of the state', () => {
  it('reach the groups actor with every new answer, not with a cached or unchanged one', async () => {
    const bears = group(9, 'Bears', { publicGroup: true, memberStatus: null, isAdmin: false })
    const owls = group(11, 'Owls', { publicGroup: true, memberStatus: null, isAdmin: false })
    const first = stateWith([bears])
    const { fetching, groups, link } = start([first, first, stateWith([owls])])
    const sent: unknown[] = []
    const spy = { send: (event: unknown) => sent.push(event) }
    const spyLink = linkStateToGroups(fetching, spy)

    await requestState(fetching)
    expect(selectPublicGroups(groups.getSnapshot().context)).toEqual([bears])
    // cached for 5 s: answered from the cache, nothing sent
    await requestState(fetching)
    expect(sent).toHaveLength(1)
    // a 304 answers with the same object: nothing new
    fetching.send({ type: 'state.forget' })
    await requestState(fetching)
    expect(sent).toHaveLength(1)
    fetching.send({ type: 'state.forget' })
    await requestState(fetching)
    await settle()
    expect(selectPublicGroups(groups.getSnapshot().context)).toEqual([owls])
    expect(sent).toHaveLength(2)
    link.unsubscribe()
    spyLink.unsubscribe()
  })
})
