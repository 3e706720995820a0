import type { ActorRefFrom } from 'xstate'
import type { GameState } from '../api/state'
import type { GroupsEvent } from '../machines/groups.types'
import type { StateFetchMachine } from '../machines/state-fetch.machine'
import type { Sendable } from './game-api'

/**
 * The public groups of every new state answer reach the groups actor (spec §3 "State response"). A
 * cached answer (for one requester) or an unchanged one (a 304: the same object) brings nothing new.
 */
export function linkStateToGroups(fetching: ActorRefFrom<StateFetchMachine>, groups: Sendable<GroupsEvent>) {
  let last: unknown
  return fetching.on('state.loaded', ({ requestId, data }) => {
    if (requestId !== undefined || data === undefined || data === last) return
    last = data
    groups.send({ type: 'groups.publicReceived', publicGroups: (data as GameState).publicGroups })
  })
}
