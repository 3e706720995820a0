import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { InvitationList } from '../api/invitations'
import { invitationsLeft } from '../domain/invitations'
import {
  type InvitationsContext,
  type InvitationsEvent,
  type InvitationsInput,
  invitationTexts,
  type PlayerInvitation,
} from './invitations.types'

const messageOf = (error: unknown, fallback: string) => {
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && message.length > 0 ? message : fallback
}

/**
 * The 'Invite friends' dialog: loads the player's invitations (a failed load offers Retry), makes a new
 * link (for the group of the page it was opened from, if any), copies any open link, and withdraws open
 * ones.
 */
export const invitationsMachine = setup({
  types: {} as { context: InvitationsContext; events: InvitationsEvent; input: InvitationsInput },
  actors: {
    loadInvitations: fromPromise<InvitationList>(async () => {
      throw new Error('loadInvitations is provided by src/actors')
    }),
    createInvitation: fromPromise<PlayerInvitation, { readonly groupId?: number }>(async () => {
      throw new Error('createInvitation is provided by src/actors')
    }),
    withdrawInvitation: fromPromise<void, { readonly code: string }>(async () => {
      throw new Error('withdrawInvitation is provided by src/actors')
    }),
    copyText: fromPromise<void, { readonly text: string }>(async () => {
      throw new Error('copyText is provided by src/actors')
    }),
  },
  guards: {
    isOpenLink: ({ context }, code: string) =>
      context.invitations.some((invitation) => invitation.code === code && invitation.state === 'open'),
  },
  actions: {
    clearError: assign({ error: undefined }),
  },
}).createMachine({
  id: 'invitations',
  context: ({ input }) => ({ groupId: input.groupId, invitations: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvitations',
        src: 'loadInvitations',
        onDone: {
          target: 'ready',
          actions: assign({
            invitations: ({ event }) => event.output.invitations,
            limits: ({ event }) => event.output.limits,
          }),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      on: { 'invitations.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'invitations.create': { target: 'creating', actions: 'clearError' },
            'invitations.withdraw': {
              target: 'withdrawing',
              actions: ['clearError', assign({ withdrawing: ({ event }) => event.code })],
            },
            'invitations.copy': {
              guard: { type: 'isOpenLink', params: ({ event }) => event.code },
              target: 'copying',
              actions: ['clearError', assign({ copying: ({ event }) => event.code })],
            },
          },
        },
        creating: {
          invoke: {
            id: 'createInvitation',
            src: 'createInvitation',
            input: ({ context }) => (context.groupId === undefined ? {} : { groupId: context.groupId }),
            onDone: {
              target: 'idle',
              actions: assign({
                created: ({ event }) => event.output,
                invitations: ({ context, event }) => [event.output, ...context.invitations],
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => messageOf(event.error, invitationTexts.createFailed) }),
            },
          },
        },
        withdrawing: {
          invoke: {
            id: 'withdrawInvitation',
            src: 'withdrawInvitation',
            input: ({ context }) => ({ code: context.withdrawing ?? '' }),
            onDone: {
              target: 'idle',
              actions: assign({
                invitations: ({ context }) =>
                  context.invitations.map((invitation) =>
                    invitation.code === context.withdrawing
                      ? { ...invitation, state: 'withdrawn' as const }
                      : invitation,
                  ),
                withdrawing: undefined,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event }) => messageOf(event.error, invitationTexts.withdrawFailed),
                withdrawing: undefined,
              }),
            },
          },
        },
        copying: {
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({
              text: context.invitations.find((invitation) => invitation.code === context.copying)?.url ?? '',
            }),
            onDone: {
              target: 'idle',
              actions: assign({ copied: ({ context }) => context.copying, copying: undefined }),
            },
            onError: {
              target: 'idle',
              actions: assign({ error: invitationTexts.copyFailed, copying: undefined }),
            },
          },
        },
      },
    },
  },
})

export type InvitationsMachine = typeof invitationsMachine
type Snapshot = SnapshotFrom<InvitationsMachine>

export const selectInvitations = (snapshot: Snapshot) => snapshot.context.invitations
export const selectInvitationLimits = (snapshot: Snapshot) => snapshot.context.limits
export const selectCreatedInvitation = (snapshot: Snapshot) => snapshot.context.created
export const selectInvitationError = (snapshot: Snapshot) => snapshot.context.error
/** the code whose link was put on the clipboard last */
export const selectLinkCopied = (snapshot: Snapshot) => snapshot.context.copied
export const selectInvitationsLoading = (snapshot: Snapshot) => snapshot.matches('loading')
export const selectInvitationsLoadFailed = (snapshot: Snapshot) => snapshot.matches('loadFailed')
export const selectCreatingInvitation = (snapshot: Snapshot) => snapshot.matches({ ready: 'creating' })
/** the code being withdrawn, so its button shows it is busy */
export const selectWithdrawing = (snapshot: Snapshot) => snapshot.context.withdrawing
/** how many links the player may still open; undefined until the list loaded */
export const selectInvitationsLeft = (snapshot: Snapshot) =>
  snapshot.context.limits === undefined
    ? undefined
    : invitationsLeft(
        snapshot.context.invitations.filter((invitation) => invitation.state === 'open').length,
        snapshot.context.limits.openPerPlayer,
      )
