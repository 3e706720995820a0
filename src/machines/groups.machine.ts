import { assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { Group, GroupLists } from '../api/groups'
import { isActiveGroupGone, newInvitations } from '../domain/group-invitations'
import { gameNotices, gameTexts } from './game-notices'
import {
  changeDoneNotice,
  changeFailedNotice,
  changeOf,
  changesActiveGroup,
  type GroupChangeEvent,
  listsAfterChange,
} from './group-changes'
import {
  defaultActiveGroupId,
  type GroupChange,
  type GroupStore,
  type GroupsContext,
  type GroupsEvent,
  groupStores,
} from './groups.types'
import { type LoadStatus, loadStatusOf, oneMoreFailure, retryDelayMs } from './load-retry'
import type { Notice } from './notices'

/** The group lists are read again this often while shown (the spec's refresh loop is 10 s). */
export const listsRefreshMs = 10_000
/**
 * A push waits this long before the lists are read: pushes come in bursts (one save tells every member),
 * and the tab that made the change is still closing its dialog on the answer, which a new read's render
 * would cut short.
 */
export const pushSettleMs = 1_000

const resetGroupStores = { type: 'resetStores', params: { stores: groupStores } } as const
const changeEvents = [
  'group.select',
  'group.join',
  'group.leave',
  'group.delete',
  'group.save',
  'group.setMembers',
] as const satisfies readonly GroupChangeEvent['type'][]
/** The change being sent: set whenever the `changing` state runs. */
const changeIn = (context: GroupsContext) => context.change as GroupChange

/**
 * Spec §4 "Active group change", §5, §8: the player's groups. Switching sends the choice; on success it
 * is stored and the stores of the group's data are reset. Joining moves a public group or an invitation
 * to the player's groups; leaving (or declining an invitation) puts a public group back among the
 * public groups; deleting removes it; leaving or deleting the active group falls back to group 1000.
 * Saving members needs an admin among them, else nothing is sent. Successes are info notices, failures
 * negative ones, with the group's name. One change at a time (src/machines/group-changes.ts says what
 * each does to the lists), sent by the one `changeGroup` actor: others wait for the screen to allow them.
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
    /** sends one change of the player's groups; answers with the group a join or a save returned */
    changeGroup: fromPromise<Group | undefined, GroupChange>(async () => {
      throw new Error('changeGroup is provided by src/actors')
    }),
  },
  delays: {
    retryDelay: ({ context }) => retryDelayMs(context.listFailures),
    listsRefresh: listsRefreshMs,
    pushSettle: pushSettleMs,
  },
  guards: {
    isActiveGroup: ({ context, event }) => {
      assertEvent(event, 'group.select')
      return event.group.id === context.activeGroupId
    },
    hasNoAdmin: ({ event }) => {
      assertEvent(event, 'group.setMembers')
      return !event.members.some((member) => member.isAdmin)
    },
    changesActiveGroup: ({ context }) => changesActiveGroup(context, changeIn(context)),
    hasNewInvitations: (_, lists: { readonly before: readonly Group[]; readonly after: readonly Group[] }) =>
      newInvitations(lists.before, lists.after).length > 0,
    /**
     * The refreshed lists no longer hold the active group (deleted, left in another tab, removed by an
     * admin). Not while the player's own leave or delete of it is on its way: its answer says so.
     */
    lostActiveGroup: ({ context }, groups: readonly Group[]) =>
      context.change?.group.id !== context.activeGroupId &&
      isActiveGroupGone(context.activeGroupId, groups, defaultActiveGroupId),
  },
  actions: {
    storeLists: assign(({ context, event }) => {
      assertEvent(event, 'groups.received')
      return {
        groups: [...event.groups],
        invitations: [...event.invitations],
        publicGroups: [...event.publicGroups],
        activeGroupId: event.activeGroupId ?? context.activeGroupId,
      }
    }),
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
    fallBackToDefaultGroup: assign({ activeGroupId: defaultActiveGroupId }),
    storeLoadedLists: assign((_, lists: GroupLists) => ({
      groups: [...lists.groups],
      invitations: [...lists.invitations],
      publicGroups: [...lists.publicGroups],
      listFailures: 0,
    })),
    countListFailure: assign({ listFailures: ({ context }) => oneMoreFailure(context.listFailures) }),
    storeChange: assign({
      change: ({ event }) => {
        assertEvent(event, changeEvents)
        return changeOf(event)
      },
    }),
    forgetChange: assign({ change: undefined }),
    applyChange: assign(({ context }, answered: Group | undefined) =>
      listsAfterChange(context, changeIn(context), answered),
    ),
    storeGroup: assign({
      groups: ({ context, event }) => {
        assertEvent(event, 'group.stored')
        const stored = event.group
        return context.groups.some((group) => group.id === stored.id)
          ? context.groups.map((group) => (group.id === stored.id ? stored : group))
          : [...context.groups, stored]
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
          on: { 'groups.changed': 'pushed' },
        },
        // a push came: the lists are read once the burst it belongs to settled (later pushes join it)
        pushed: {
          after: { pushSettle: 'refreshing' },
        },
        // the lists read again in the background: an invitation, a join elsewhere, a rename shows within
        // seconds; a failed refresh keeps what is shown and tries at the next one
        refreshing: {
          // a push while a read is on its way: that read may predate the change, so it starts over
          on: { 'groups.changed': 'pushed' },
          invoke: {
            id: 'refreshGroupLists',
            src: 'refreshGroupLists',
            onDone: [
              // the app plays in group 1000 again, as the server made the session do, with the stores
              // reset as a switch does (a refresh that also found an invitation lists it without a notice)
              {
                guard: { type: 'lostActiveGroup', params: ({ event }) => event.output.groups },
                target: 'loaded',
                actions: [
                  {
                    type: 'notify',
                    params: ({ context }) =>
                      gameNotices.activeGroupGone(
                        context.groups.find((group) => group.id === context.activeGroupId)?.name ?? '',
                      ),
                  },
                  'fallBackToDefaultGroup',
                  resetGroupStores,
                  { type: 'storeLoadedLists', params: ({ event }) => event.output },
                ],
              },
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
            'group.select': [{ guard: 'isActiveGroup' }, { target: 'changing', actions: 'storeChange' }],
            'group.leave': { target: 'changing', actions: 'storeChange' },
            'group.join': { target: 'changing', actions: 'storeChange' },
            'group.delete': { target: 'changing', actions: 'storeChange' },
            'group.save': { target: 'changing', actions: 'storeChange' },
            'group.setMembers': [
              { guard: 'hasNoAdmin', actions: { type: 'notify', params: gameNotices.groupNeedsAdmin } },
              { target: 'changing', actions: 'storeChange' },
            ],
          },
        },
        changing: {
          invoke: {
            id: 'changeGroup',
            src: 'changeGroup',
            input: ({ context }) => changeIn(context),
            onDone: [
              {
                guard: 'changesActiveGroup',
                target: 'idle',
                actions: [
                  { type: 'applyChange', params: ({ event }) => event.output },
                  resetGroupStores,
                  { type: 'notify', params: ({ context }) => changeDoneNotice(changeIn(context)) },
                  'forgetChange',
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'applyChange', params: ({ event }) => event.output },
                  { type: 'notify', params: ({ context }) => changeDoneNotice(changeIn(context)) },
                  'forgetChange',
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [
                { type: 'notify', params: ({ context }) => changeFailedNotice(changeIn(context)) },
                'forgetChange',
              ],
            },
          },
        },
      },
    },
  },
})

export type GroupsMachine = typeof groupsMachine

/** Spec §8: the active group; throws 'No active user group is set' when there is none. */
export function selectActiveGroup(context: GroupsContext): Group {
  const active = context.groups.find((group) => group.id === context.activeGroupId)
  if (context.activeGroupId === undefined || !active) throw new Error(gameTexts.noActiveGroup)
  return active
}

/** Whether a group change is on its way to the server. */
export const selectIsChangingGroup = (context: GroupsContext) => context.change !== undefined

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
      settled:
        snapshot.matches({ lists: 'loaded' }) ||
        snapshot.matches({ lists: 'pushed' }) ||
        snapshot.matches({ lists: 'refreshing' }),
    },
    snapshot.context[list].length > 0,
  )
/** The group a change is being sent for (its buttons show busy). */
export const selectChangingGroupId = (context: GroupsContext) => context.change?.group.id
