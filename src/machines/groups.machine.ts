import { assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { Group, GroupLists, GroupMember } from '../api/groups'
import { newInvitations } from '../domain/group-invitations'
import { gameNotices, gameTexts } from './game-notices'
import {
  defaultActiveGroupId,
  type GroupCallInput,
  type GroupRef,
  type GroupStore,
  type GroupsContext,
  type GroupsEvent,
  groupStores,
  type SaveGroupInput,
  type SetMembersInput,
} from './groups.types'
import { type LoadStatus, loadStatusOf, oneMoreFailure, retryDelayMs } from './load-retry'

/** The group lists are read again this often while shown (the spec's refresh loop is 10 s). */
export const listsRefreshMs = 10_000

import type { Notice } from './notices'

type Args = { context: GroupsContext }
const target = (context: GroupsContext) => context.target as GroupRef
const nameOf = ({ context }: Args) => target(context).name
const info =
  (message: string) =>
  ({ context }: Args) =>
    gameNotices.group('info', message, nameOf({ context }))
const failure =
  (message: string) =>
  ({ context }: Args) =>
    gameNotices.group('negative', message, nameOf({ context }))
const resetGroupStores = { type: 'resetStores', params: { stores: groupStores } } as const

const without = (groups: readonly Group[], id: number) => groups.filter((group) => group.id !== id)

/**
 * Spec §4 "Active group change", §5, §8: the player's groups. Switching sends the choice; on success it
 * is stored and the stores of the group's data are reset. Joining moves a public group or an invitation
 * to the player's groups; leaving (or declining an invitation) puts a public group back among the
 * public groups; deleting removes it; leaving or deleting the active group falls back to group 1000.
 * Saving members needs an admin among them, else nothing is sent. Successes are info notices, failures
 * negative ones, with the group's name. One change at a time: others wait for the screen to allow them.
 * The lists load on `groups.load` (a sign-in); a failed load tries again on its own after a growing
 * delay, or at once on `groups.retry`, keeping the lists it had.
 */
export const groupsMachine = setup({
  types: {} as { context: GroupsContext; events: GroupsEvent },
  actors: {
    loadGroupLists: fromPromise<GroupLists>(async () => {
      throw new Error('loadGroupLists is provided by src/actors')
    }),
    /** the same read in the background, while the lists show */
    refreshGroupLists: fromPromise<GroupLists>(async () => {
      throw new Error('refreshGroupLists is provided by src/actors')
    }),
    switchGroup: fromPromise<unknown, { readonly activeGroupId: number }>(async () => {
      throw new Error('switchGroup is provided by src/actors')
    }),
    leaveGroup: fromPromise<void, GroupCallInput>(async () => {
      throw new Error('leaveGroup is provided by src/actors')
    }),
    joinGroup: fromPromise<Group, GroupCallInput>(async () => {
      throw new Error('joinGroup is provided by src/actors')
    }),
    deleteGroup: fromPromise<void, GroupCallInput>(async () => {
      throw new Error('deleteGroup is provided by src/actors')
    }),
    saveGroup: fromPromise<Group, SaveGroupInput>(async () => {
      throw new Error('saveGroup is provided by src/actors')
    }),
    setGroupMembers: fromPromise<readonly GroupMember[], SetMembersInput>(async () => {
      throw new Error('setGroupMembers is provided by src/actors')
    }),
  },
  delays: {
    retryDelay: ({ context }) => retryDelayMs(context.listFailures),
    listsRefresh: listsRefreshMs,
  },
  guards: {
    isActiveGroup: ({ context, event }) => 'group' in event && event.group.id === context.activeGroupId,
    hasNoAdmin: ({ event }) => event.type === 'group.setMembers' && !event.members.some((m) => m.isAdmin),
    isTargetActive: ({ context }) => context.target?.id === context.activeGroupId,
    hasNewInvitations: (_, lists: { readonly before: readonly Group[]; readonly after: readonly Group[] }) =>
      newInvitations(lists.before, lists.after).length > 0,
  },
  actions: {
    storeLists: assign(({ context, event }) =>
      event.type === 'groups.received'
        ? {
            groups: [...event.groups],
            invitations: [...event.invitations],
            publicGroups: [...event.publicGroups],
            activeGroupId: event.activeGroupId ?? context.activeGroupId,
          }
        : {},
    ),
    storePublicGroups: assign({
      publicGroups: ({ event }) => {
        assertEvent(event, 'groups.publicReceived')
        return [...event.publicGroups]
      },
    }),
    storeSessionGroup: assign({
      activeGroupId: ({ context, event }) => {
        assertEvent(event, 'groups.load')
        return event.activeGroupId ?? context.activeGroupId
      },
    }),
    storeLoadedLists: assign((_, lists: GroupLists) => ({
      groups: [...lists.groups],
      invitations: [...lists.invitations],
      publicGroups: [...lists.publicGroups],
      listFailures: 0,
    })),
    countListFailure: assign({ listFailures: ({ context }) => oneMoreFailure(context.listFailures) }),
    storeTarget: assign({ target: ({ event }) => ('group' in event ? pick(event.group) : undefined) }),
    forgetTarget: assign({ target: undefined }),
    storeActiveGroup: assign({ activeGroupId: ({ context }) => target(context).id }),
    fallBackToDefaultGroup: assign({ activeGroupId: defaultActiveGroupId }),
    removeLeftGroup: assign(({ context }) => {
      const left = [...context.groups, ...context.invitations].find(
        (group) => group.id === target(context).id,
      )
      return {
        groups: without(context.groups, target(context).id),
        invitations: without(context.invitations, target(context).id),
        publicGroups:
          left?.publicGroup && !context.publicGroups.some((group) => group.id === left.id)
            ? [
                ...context.publicGroups,
                {
                  ...left,
                  memberStatus: null,
                  isAdmin: false,
                  // the count is of active members: an invitation declined was not one of them
                  memberCount:
                    left.memberStatus === 'active' ? Math.max(0, left.memberCount - 1) : left.memberCount,
                },
              ]
            : context.publicGroups,
      }
    }),
    removeDeletedGroup: assign(({ context }) => ({
      groups: without(context.groups, target(context).id),
      invitations: without(context.invitations, target(context).id),
      publicGroups: without(context.publicGroups, target(context).id),
    })),
    storeJoinedGroup: assign(({ context, event }) => {
      const joined = (event as { output?: Group }).output
      return joined
        ? {
            groups: [...without(context.groups, joined.id), joined],
            invitations: without(context.invitations, joined.id),
            publicGroups: without(context.publicGroups, joined.id),
          }
        : {}
    }),
    storeGroup: assign(({ context, event }) =>
      event.type === 'group.stored'
        ? {
            groups: context.groups.some((group) => group.id === event.group.id)
              ? context.groups.map((group) => (group.id === event.group.id ? event.group : group))
              : [...context.groups, event.group],
          }
        : {},
    ),
    storeSavedGroup: assign({
      groups: ({ context, event }) => {
        const saved = (event as { output?: Group }).output
        return saved ? context.groups.map((group) => (group.id === saved.id ? saved : group)) : context.groups
      },
    }),
    resetStores: (_, _params: { readonly stores: readonly GroupStore[] }) => {},
    notify: (_, _notice: Notice) => {},
  },
}).createMachine({
  id: 'groups',
  context: { groups: [], invitations: [], publicGroups: [], listFailures: 0 },
  on: {
    'groups.received': { actions: 'storeLists' },
    'groups.publicReceived': { actions: 'storePublicGroups' },
    'group.stored': { actions: 'storeGroup' },
  },
  type: 'parallel',
  states: {
    lists: {
      initial: 'idle',
      on: { 'groups.load': { target: '.loading', actions: 'storeSessionGroup' } },
      states: {
        idle: {},
        loading: {
          invoke: {
            id: 'loadGroupLists',
            src: 'loadGroupLists',
            onDone: {
              target: 'loaded',
              actions: { type: 'storeLoadedLists', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: 'countListFailure' },
          },
        },
        loaded: {
          after: { listsRefresh: 'refreshing' },
        },
        // the lists read again in the background: an invitation, a join elsewhere, a rename shows within
        // seconds; a failed refresh keeps what is shown and tries at the next one
        refreshing: {
          invoke: {
            id: 'refreshGroupLists',
            src: 'refreshGroupLists',
            onDone: [
              {
                guard: {
                  type: 'hasNewInvitations',
                  params: ({ context, event }) => ({
                    before: context.invitations,
                    after: event.output.invitations,
                  }),
                },
                target: 'loaded',
                actions: [
                  {
                    type: 'notify',
                    params: ({ context, event }) =>
                      gameNotices.invitedTo(newInvitations(context.invitations, event.output.invitations)),
                  },
                  { type: 'storeLoadedLists', params: ({ event }) => event.output },
                ],
              },
              {
                target: 'loaded',
                actions: { type: 'storeLoadedLists', params: ({ event }) => event.output },
              },
            ],
            onError: 'loaded',
          },
        },
        failed: {
          after: { retryDelay: 'loading' },
          on: { 'groups.retry': 'loading' },
        },
      },
    },
    changes: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'group.select': [{ guard: 'isActiveGroup' }, { target: 'selecting', actions: 'storeTarget' }],
            'group.leave': { target: 'leaving', actions: 'storeTarget' },
            'group.join': { target: 'joining', actions: 'storeTarget' },
            'group.delete': { target: 'deleting', actions: 'storeTarget' },
            'group.save': { target: 'saving', actions: 'storeTarget' },
            'group.setMembers': [
              { guard: 'hasNoAdmin', actions: { type: 'notify', params: gameNotices.groupNeedsAdmin } },
              { target: 'savingMembers', actions: 'storeTarget' },
            ],
          },
        },
        selecting: {
          invoke: {
            id: 'switchGroup',
            src: 'switchGroup',
            input: ({ context }) => ({ activeGroupId: target(context).id }),
            onDone: {
              target: 'idle',
              actions: [
                'storeActiveGroup',
                resetGroupStores,
                { type: 'notify', params: info(gameTexts.groupSelected) },
                'forgetTarget',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => gameNotices.groupSelectFailed(target(context).name),
                },
                'forgetTarget',
              ],
            },
          },
        },
        leaving: {
          invoke: {
            id: 'leaveGroup',
            src: 'leaveGroup',
            input: ({ context }) => ({ groupId: target(context).id }),
            onDone: [
              {
                guard: 'isTargetActive',
                target: 'idle',
                actions: [
                  'removeLeftGroup',
                  'fallBackToDefaultGroup',
                  resetGroupStores,
                  { type: 'notify', params: info(gameTexts.groupLeft) },
                  'forgetTarget',
                ],
              },
              {
                target: 'idle',
                actions: [
                  'removeLeftGroup',
                  { type: 'notify', params: info(gameTexts.groupLeft) },
                  'forgetTarget',
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [{ type: 'notify', params: failure(gameTexts.groupLeaveFailed) }, 'forgetTarget'],
            },
          },
        },
        joining: {
          invoke: {
            id: 'joinGroup',
            src: 'joinGroup',
            input: ({ context }) => ({ groupId: target(context).id }),
            onDone: {
              target: 'idle',
              actions: [
                'storeJoinedGroup',
                { type: 'notify', params: info(gameTexts.groupJoined) },
                'forgetTarget',
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notify', params: failure(gameTexts.groupJoinFailed) }, 'forgetTarget'],
            },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteGroup',
            src: 'deleteGroup',
            input: ({ context }) => ({ groupId: target(context).id }),
            onDone: [
              {
                guard: 'isTargetActive',
                target: 'idle',
                actions: [
                  'removeDeletedGroup',
                  'fallBackToDefaultGroup',
                  resetGroupStores,
                  { type: 'notify', params: info(gameTexts.groupDeleted) },
                  'forgetTarget',
                ],
              },
              {
                target: 'idle',
                actions: [
                  'removeDeletedGroup',
                  { type: 'notify', params: info(gameTexts.groupDeleted) },
                  'forgetTarget',
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [{ type: 'notify', params: failure(gameTexts.groupDeleteFailed) }, 'forgetTarget'],
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveGroup',
            src: 'saveGroup',
            input: ({ context, event }) => ({
              groupId: target(context).id,
              group: (event as Extract<GroupsEvent, { type: 'group.save' }>).group,
            }),
            onDone: {
              target: 'idle',
              actions: [
                'storeSavedGroup',
                { type: 'notify', params: info(gameTexts.groupSaved) },
                'forgetTarget',
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notify', params: failure(gameTexts.groupSaveFailed) }, 'forgetTarget'],
            },
          },
        },
        savingMembers: {
          invoke: {
            id: 'setGroupMembers',
            src: 'setGroupMembers',
            input: ({ context, event }) => ({
              groupId: target(context).id,
              members: (event as Extract<GroupsEvent, { type: 'group.setMembers' }>).members,
            }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'notify', params: info(gameTexts.groupMembersSaved) }, 'forgetTarget'],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notify', params: failure(gameTexts.groupMembersFailed) }, 'forgetTarget'],
            },
          },
        },
      },
    },
  },
})

function pick(group: GroupRef): GroupRef {
  return { id: group.id, name: group.name }
}

export type GroupsMachine = typeof groupsMachine

/** Spec §8: the active group; throws 'No active user group is set' when there is none. */
export function selectActiveGroup(context: GroupsContext): Group {
  const active = context.groups.find((group) => group.id === context.activeGroupId)
  if (context.activeGroupId === undefined || !active) throw new Error(gameTexts.noActiveGroup)
  return active
}

/** Whether a group change is on its way to the server. */
export const selectIsChangingGroup = (context: GroupsContext) => context.target !== undefined

/** The player's groups (group 1000 first, as the server lists them). */
export const selectGroups = (context: GroupsContext) => context.groups
/** Public groups the player could join. */
export const selectPublicGroups = (context: GroupsContext) => context.publicGroups
/** Groups an admin added the player to, to join or decline. */
export const selectInvitations = (context: GroupsContext) => context.invitations
export const selectActiveGroupId = (context: GroupsContext) => context.activeGroupId
/** The active group, or undefined while the lists load (views show a placeholder then). */
export const selectActiveGroupOrNone = (context: GroupsContext): Group | undefined =>
  context.groups.find((group) => group.id === context.activeGroupId)

/** How the player's groups, the invitations or the public groups show: all three come in one load. */
export const selectGroupListsStatus = (
  snapshot: SnapshotFrom<GroupsMachine>,
  list: 'groups' | 'invitations' | 'publicGroups',
): LoadStatus =>
  loadStatusOf(
    {
      failures: snapshot.context.listFailures,
      settled: snapshot.matches({ lists: 'loaded' }) || snapshot.matches({ lists: 'refreshing' }),
    },
    snapshot.context[list].length > 0,
  )
/** The group a change is being sent for (its buttons show busy). */
export const selectChangingGroupId = (context: GroupsContext) => context.target?.id
