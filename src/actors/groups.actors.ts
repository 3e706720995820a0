import type { AnyActorRef } from 'xstate'
import { fromPromise } from 'xstate'
import type { Group, GroupLists, GroupMember } from '../api/groups'
import type { GroupsMachine } from '../machines/groups.machine'
import type { GroupCallInput, GroupStore, SaveGroupInput, SetMembersInput } from '../machines/groups.types'
import type { StoreEvent } from '../machines/store.types'
import { afterAction } from './after-action'
import { type GameCall, gameCallFor, type Sendable } from './game-api'
import type { GameReads } from './game-reads'
import type { Notifier } from './notifier'
import type { ServerErrorPolicyDeps } from './server-error.actors'

/** The group calls of spec §7. */
export const groupActors = (call: GameCall) => ({
  switchGroup: fromPromise<unknown, { readonly activeGroupId: number }>(({ input }) =>
    call('switchGroup', { body: { activeGroupId: input.activeGroupId } }),
  ),
  leaveGroup: fromPromise<void, GroupCallInput>(async ({ input }) => {
    await call('leaveGroup', { params: { groupId: input.groupId } })
  }),
  joinGroup: fromPromise<Group, GroupCallInput>(({ input }) =>
    call('joinGroup', { params: { groupId: input.groupId } }),
  ),
  deleteGroup: fromPromise<void, GroupCallInput>(async ({ input }) => {
    await call('deleteGroup', { params: { groupId: input.groupId } })
  }),
  // only the fields the save takes: the rest of the group the client holds is the server's to decide
  saveGroup: fromPromise<Group, SaveGroupInput>(({ input: { groupId, group } }) =>
    call('saveGroup', {
      params: { groupId },
      body: {
        group: {
          name: group.name,
          publicGroup: group.publicGroup,
          avatarUrl: group.avatarUrl,
          endTime: group.endTime,
          titleRestrictions: group.titleRestrictions,
        },
      },
    }),
  ),
  setGroupMembers: fromPromise<readonly GroupMember[], SetMembersInput>(({ input: { groupId, members } }) =>
    call('setGroupMembers', {
      params: { groupId },
      body: { groupId, members: members.map(({ userId, isAdmin }) => ({ userId, isAdmin })) },
    }),
  ),
})

export interface GroupsDeps extends ServerErrorPolicyDeps {
  readonly notify: Notifier
  /** the store of a name, when the app has it */
  readonly store: (name: GroupStore) => Sendable<StoreEvent> | undefined
  /** the lists are read under the app's one pause; a switch forgets the state of the group before */
  readonly reads: GameReads
}

/** Finds the stores among an actor system's `store.<name>` actors (the app boot's children). */
export const storesIn =
  (system: { get(systemId: string): AnyActorRef | undefined }) =>
  (name: GroupStore): Sendable<StoreEvent> | undefined =>
    system.get(`store.${name}`)

/**
 * The production wiring of the groups machine. A reset store is initialized again at once, so the
 * data of the new group loads without waiting for the next refresh (the live stream has none).
 */
export function provideGroups(machine: GroupsMachine, deps: GroupsDeps) {
  const readGroupLists = fromPromise<GroupLists>(() => deps.reads.read('groups', {}))
  return machine.provide({
    actors: {
      ...groupActors(gameCallFor(deps)),
      // a read: its failure is shown where the lists go, and the machine retries it
      // the first load and the background refresh are the same read
      loadGroupLists: readGroupLists,
      refreshGroupLists: readGroupLists,
    },
    actions: {
      resetStores: (_, { stores }) =>
        afterAction(() => {
          // the state kept is the group's before: the stores load the new group's
          deps.reads.forgetState()
          for (const name of stores) {
            const store = deps.store(name)
            store?.send({ type: 'store.reset' })
            store?.send({ type: 'store.initialize' })
          }
        }),
      notify: (_, notice) => deps.notify.show(notice),
    },
  })
}
