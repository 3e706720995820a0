import type { AnyActorRef } from 'xstate'
import { fromPromise } from 'xstate'
import type { Group, GroupLists, GroupMember } from '../api/groups'
import type { GroupsMachine } from '../machines/groups.machine'
import type {
  GroupCallInput,
  GroupChange,
  GroupStore,
  SaveGroupInput,
  SetMembersInput,
} from '../machines/groups.types'
import type { StoreEvent } from '../machines/store.types'
import { afterAction } from './after-action'
import { type GameCall, gameCallFor, type Sendable } from './game-api'
import type { GameReads } from './game-reads'
import type { Notifier } from './notifier'
import type { ServerErrorPolicyDeps } from './server-error.actors'

/** The group calls of spec §7 that change the player's groups. */
export interface GroupCalls {
  switchGroup(input: { readonly activeGroupId: number }): Promise<unknown>
  leaveGroup(input: GroupCallInput): Promise<unknown>
  joinGroup(input: GroupCallInput): Promise<Group>
  deleteGroup(input: GroupCallInput): Promise<unknown>
  saveGroup(input: SaveGroupInput): Promise<Group>
  setGroupMembers(input: SetMembersInput): Promise<readonly GroupMember[]>
}

export const groupCalls = (call: GameCall): GroupCalls => ({
  switchGroup: ({ activeGroupId }) => call('switchGroup', { body: { activeGroupId } }),
  leaveGroup: ({ groupId }) => call('leaveGroup', { params: { groupId } }),
  joinGroup: ({ groupId }) => call('joinGroup', { params: { groupId } }),
  deleteGroup: ({ groupId }) => call('deleteGroup', { params: { groupId } }),
  // only the fields the save takes: the rest of the group the client holds is the server's to decide
  saveGroup: ({ groupId, group }) =>
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
  setGroupMembers: ({ groupId, members }) =>
    call('setGroupMembers', {
      params: { groupId },
      body: { groupId, members: members.map(({ userId, isAdmin }) => ({ userId, isAdmin })) },
    }),
})

/**
 * The groups machine's one `changeGroup` actor: each kind of change is its call; a join and a save
 * answer with the group the server returned, the others with nothing the lists need.
 */
export const changeGroupWith = (calls: GroupCalls) =>
  fromPromise<Group | undefined, GroupChange>(async ({ input: change }) => {
    const groupId = change.group.id
    switch (change.kind) {
      case 'select':
        await calls.switchGroup({ activeGroupId: groupId })
        return undefined
      case 'join':
        return calls.joinGroup({ groupId })
      case 'leave':
        await calls.leaveGroup({ groupId })
        return undefined
      case 'delete':
        await calls.deleteGroup({ groupId })
        return undefined
      case 'save':
        return calls.saveGroup({ groupId, group: change.settings })
      case 'setMembers':
        await calls.setGroupMembers({ groupId, members: change.members })
        return undefined
    }
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
      changeGroup: changeGroupWith(groupCalls(gameCallFor(deps))),
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
