import type { AnyEventObject } from 'xstate'
import { ApiError } from '../../src/api/client'
import type { InvitationList, PlayerInvitation } from '../../src/api/invitations'
import { invitationsMachine } from '../../src/machines/invitations.machine'
import { invitationTexts } from '../../src/machines/invitations.types'
import { invitationLink } from '../support/client-fixtures'
import type { Output, PathModel } from './paths'

const link = (code: string, state: PlayerInvitation['state']): PlayerInvitation =>
  invitationLink(code, state, {
    createdAt: 1,
    expiresAt: 2,
    ...(state === 'used' ? { usedBy: { id: 9, username: 'friend' }, usedAt: 2 } : {}),
  })

export const openLink = link('AAAA-AAAA-AAAA-AAAA-AAAA-AAAA', 'open')
const usedLink = link('BBBB-BBBB-BBBB-BBBB-BBBB-BBBB', 'used')
/** made in the dialog, for group 7 */
export const newLink: PlayerInvitation = {
  ...link('CCCC-CCCC-CCCC-CCCC-CCCC-CCCC', 'open'),
  group: { id: 7, name: 'Traders' },
}
export const loaded: InvitationList = {
  invitations: [openLink, usedLink],
  limits: { openPerPlayer: 5, lifetimeDays: 14 },
}
export const limitReached = new ApiError(
  409,
  'invitation_limit_reached',
  'You have 5 open invitation links already. Withdraw one or wait until one is used or expires.',
)
const offline = new Error('Failed to fetch')

export const invitationEvents = {
  retry: { type: 'invitations.retry' },
  create: { type: 'invitations.create' },
  withdrawOpen: { type: 'invitations.withdraw', code: openLink.code },
  copyOpen: { type: 'invitations.copy', code: openLink.code },
  copyNew: { type: 'invitations.copy', code: newLink.code },
} as const

/** An open link of the list by its code, the only kind the dialog copies. */
const openOf = (invitations: readonly PlayerInvitation[], code: unknown) =>
  invitations.find((invitation) => invitation.code === code && invitation.state === 'open')

/** The list, the created link, the error text and the copied link's code after these events: the oracle. */
export function invitationsAfter(events: readonly AnyEventObject[]) {
  let invitations: PlayerInvitation[] = []
  let created: PlayerInvitation | undefined
  let error: string | undefined
  let copied: string | undefined
  let copying: string | undefined
  let withdrawing: string | undefined
  // the dialog takes a create, withdraw or copy only while nothing else runs
  let idle = false
  for (const event of events) {
    if (event.type.startsWith('xstate.')) idle = event.type !== 'xstate.init'
    if (event.type === 'xstate.error.actor.loadInvitations') idle = false
    switch (event.type) {
      case 'xstate.done.actor.loadInvitations':
        invitations = [...(event.output as InvitationList).invitations]
        break
      case 'invitations.create':
        if (idle) error = undefined
        idle = false
        break
      case 'invitations.withdraw':
        if (idle) {
          error = undefined
          withdrawing = event.code
        }
        idle = false
        break
      case 'invitations.copy':
        if (idle && openOf(invitations, event.code)) {
          error = undefined
          copying = event.code
          idle = false
        }
        break
      case 'xstate.done.actor.createInvitation':
        created = event.output as PlayerInvitation
        invitations = [created, ...invitations]
        break
      case 'xstate.error.actor.createInvitation':
        error = (event.error as Error).message || invitationTexts.createFailed
        break
      case 'xstate.done.actor.withdrawInvitation':
        invitations = invitations.map((i) => (i.code === withdrawing ? { ...i, state: 'withdrawn' } : i))
        withdrawing = undefined
        break
      case 'xstate.error.actor.withdrawInvitation':
        error = (event.error as Error).message || invitationTexts.withdrawFailed
        withdrawing = undefined
        break
      case 'xstate.done.actor.copyText':
        copied = copying
        copying = undefined
        break
      case 'xstate.error.actor.copyText':
        error = invitationTexts.copyFailed
        copying = undefined
        break
    }
  }
  return { invitations, created, error, copied }
}

export const invitationsModel: PathModel = {
  name: 'invitations',
  summary:
    "The 'Invite friends' dialog: loads the player's links (a failed load offers Retry), makes a new one for the dialog's group, copies any open one (the new one or one made before, never a used one), withdraws an open one; a refused link or withdrawal says why.",
  machine: invitationsMachine,
  input: { groupId: 7 },
  events: [
    ...Object.values(invitationEvents),
    { type: 'xstate.done.actor.loadInvitations', output: loaded },
    { type: 'xstate.error.actor.loadInvitations', error: offline },
    { type: 'xstate.done.actor.createInvitation', output: newLink },
    { type: 'xstate.error.actor.createInvitation', error: limitReached },
    { type: 'xstate.done.actor.withdrawInvitation' },
    { type: 'xstate.error.actor.withdrawInvitation', error: offline },
    { type: 'xstate.done.actor.copyText' },
    { type: 'xstate.error.actor.copyText', error: new Error('denied') },
  ],
  ignoredEvents: ['invitations.create', 'invitations.withdraw', 'invitations.copy', 'invitations.retry'],
  // one link made, one withdrawn and one copied is enough: the second of each teaches nothing new; the
  // dialog offers Copy link and Withdraw on open links only
  filterEvents: (snapshot, event) => {
    const context = snapshot.context as { invitations: readonly PlayerInvitation[]; copied?: string }
    if (event.type === 'invitations.copy' && snapshot.matches({ ready: 'idle' }))
      return context.copied === undefined && openOf(context.invitations, event.code) !== undefined
    if (event.type === 'invitations.create' && snapshot.matches({ ready: 'idle' }))
      return !context.invitations.some((i) => i.code === newLink.code)
    if (event.type === 'invitations.withdraw' && snapshot.matches({ ready: 'idle' }))
      return context.invitations.some((i) => i.code === event.code && i.state === 'open')
    return true
  },
  expectedOutputs: ({ from, event, history }): Output[] => {
    const before = invitationsAfter(history)
    const idle = from?.matches({ ready: 'idle' }) ?? false
    switch (event.type) {
      case 'xstate.init':
        return [{ call: 'loadInvitations' }]
      case 'invitations.retry':
        return from?.matches('loadFailed') ? [{ call: 'loadInvitations' }] : []
      case 'invitations.create':
        return idle ? [{ call: 'createInvitation', input: { groupId: 7 } }] : []
      case 'invitations.withdraw':
        return idle ? [{ call: 'withdrawInvitation', input: { code: event.code } }] : []
      case 'invitations.copy': {
        const link = openOf(before.invitations, event.code)
        return idle && link ? [{ call: 'copyText', input: { text: link.url } }] : []
      }
      default:
        return []
    }
  },
}
