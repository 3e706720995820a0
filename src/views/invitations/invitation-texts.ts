import type { PlayerInvitation } from '~/api/invitations'
import { formatDateTime } from '~/domain/date-format'

/** How one invitation's state reads in the list. */
export function invitationStateText(invitation: PlayerInvitation): string {
  switch (invitation.state) {
    case 'open':
      return `Open until ${formatDateTime(invitation.expiresAt)}`
    case 'used':
      return invitation.usedBy
        ? `${invitation.usedBy.username} joined on ${formatDateTime(invitation.usedAt ?? invitation.expiresAt)}`
        : `Used on ${formatDateTime(invitation.usedAt ?? invitation.expiresAt)}`
    case 'expired':
      return `Expired on ${formatDateTime(invitation.expiresAt)}`
    case 'withdrawn':
      return 'Withdrawn'
  }
}

/** What is left under the operator's limit. */
export function invitationsLeftText(left: number, lifetimeDays: number): string {
  if (left === 0) return 'You have no invitations left: withdraw an open one to make another.'
  return `You can make ${left} more ${left === 1 ? 'link' : 'links'}; each is valid for ${lifetimeDays} days and lets one friend sign up.`
}
