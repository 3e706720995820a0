import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { hasAdmin } from '../domain/group-rules'
import type {
  FoundUser,
  GroupMembersContext,
  GroupMembersEvent,
  GroupMembersInput,
  MemberRow,
  MembersSubmission,
} from './group-members.types'

/**
 * The members and admins dialog of a group (spec §2, §5, §6): loads the members, lets an admin toggle
 * admins, remove members and add players found by name, and hands the list to the groups actor
 * (`submitMembers`, which sends `members/set` and shows the notices). Without an admin in the list
 * nothing is sent and the dialog says why.
 */
export const groupMembersMachine = setup({
  types: {} as {
    context: GroupMembersContext
    events: GroupMembersEvent
    input: GroupMembersInput
  },
  actors: {
    loadMembers: fromPromise<readonly MemberRow[], { readonly groupId: number }>(async () => {
      throw new Error('loadMembers is provided by src/actors')
    }),
    searchUsers: fromPromise<readonly FoundUser[], { readonly name: string }>(async () => {
      throw new Error('searchUsers is provided by src/actors')
    }),
  },
  guards: {
    hasNoAdmin: ({ context }) => !hasAdmin(context.members),
    hasName: ({ event }) => event.type === 'members.search' && event.name.trim().length > 0,
    foundNobody: ({ context }) => context.found.length === 0,
  },
  actions: {
    toggleAdmin: assign({
      members: ({ context, event }) =>
        context.members.map((member) =>
          event.type === 'members.toggleAdmin' && member.userId === event.userId
            ? { ...member, isAdmin: !member.isAdmin }
            : member,
        ),
      needsAdmin: false,
    }),
    remove: assign({
      members: ({ context, event }) =>
        context.members.filter(
          (member) => !(event.type === 'members.remove' && member.userId === event.userId),
        ),
    }),
    add: assign(({ context, event }) => {
      if (event.type !== 'members.add' || context.members.some((m) => m.userId === event.user.id)) return {}
      const added: MemberRow = {
        userId: event.user.id,
        username: event.user.username,
        isAdmin: false,
        status: 'invited',
      }
      return {
        members: [...context.members, added],
        found: context.found.filter((user) => user.id !== event.user.id),
      }
    }),
    submitMembers: (_, _submission: MembersSubmission) => {},
  },
}).createMachine({
  id: 'groupMembers',
  context: ({ input }) => ({ group: input.group, members: [], found: [], needsAdmin: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadMembers',
        input: ({ context }) => ({ groupId: context.group.id }),
        onDone: { target: 'editing', actions: assign({ members: ({ event }) => event.output }) },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { 'members.retry': 'loading', 'members.reload': 'loading' },
    },
    // the read-only list beside the group's summary: read again whenever the group lists are
    reloading: {
      on: { 'members.reload': { target: 'reloading', reenter: true } },
      invoke: {
        src: 'loadMembers',
        input: ({ context }) => ({ groupId: context.group.id }),
        onDone: { target: 'editing', actions: assign({ members: ({ event }) => event.output }) },
        onError: 'editing',
      },
    },
    editing: {
      on: {
        'members.reload': 'reloading',
        'members.toggleAdmin': { actions: 'toggleAdmin' },
        'members.remove': { actions: 'remove' },
        'members.add': { actions: 'add' },
        'members.search': { guard: 'hasName', target: '.searching', reenter: true },
        'members.save': [
          { guard: 'hasNoAdmin', actions: assign({ needsAdmin: true }) },
          {
            target: 'submitted',
            actions: {
              type: 'submitMembers',
              params: ({ context }) => ({
                group: context.group,
                members: context.members.map(({ userId, isAdmin }) => ({ userId, isAdmin })),
              }),
            },
          },
        ],
      },
      initial: 'idle',
      states: {
        idle: {},
        searching: {
          invoke: {
            src: 'searchUsers',
            input: ({ event }) => ({ name: event.type === 'members.search' ? event.name.trim() : '' }),
            onDone: {
              target: 'searched',
              actions: assign({
                found: ({ context, event }) =>
                  event.output.filter((user) => !context.members.some((m) => m.userId === user.id)),
              }),
            },
            onError: 'searchFailed',
          },
        },
        // 'nobody' says so: a search that finds nobody to add must not look like no answer at all
        searched: {
          always: [{ guard: 'foundNobody', target: 'nobody' }, { target: 'idle' }],
        },
        nobody: {},
        searchFailed: {},
      },
    },
    submitted: { type: 'final' },
  },
})

export type GroupMembersMachine = typeof groupMembersMachine
type Snapshot = SnapshotFrom<GroupMembersMachine>

export const selectMembers = (snapshot: Snapshot) => snapshot.context.members
export const selectFoundUsers = (snapshot: Snapshot) => snapshot.context.found
export const selectNeedsAdmin = (snapshot: Snapshot) => snapshot.context.needsAdmin
export const selectMembersLoading = (snapshot: Snapshot) => snapshot.matches('loading')
export const selectMembersLoadFailed = (snapshot: Snapshot) => snapshot.matches('loadFailed')
export const selectSearching = (snapshot: Snapshot) => snapshot.matches({ editing: 'searching' })
export const selectSearchFailed = (snapshot: Snapshot) => snapshot.matches({ editing: 'searchFailed' })
export const selectFoundNobody = (snapshot: Snapshot) => snapshot.matches({ editing: 'nobody' })
export const selectMembersSubmitted = (snapshot: Snapshot) => snapshot.status === 'done'
