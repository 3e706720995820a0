import { everybodyGroupId } from './group-rules'

/** Where a player's invitation stands; only an open one lets somebody sign up or may be withdrawn. */
export type InvitationState = 'open' | 'used' | 'expired' | 'withdrawn'

/** What the state of an invitation depends on (times in epoch ms). */
export interface InvitationTimes {
  readonly expiresAt: number
  readonly usedAt: number | null
  readonly withdrawnAt: number | null
}

/**
 * Used wins over everything (somebody joined with it), then withdrawn (its owner took it back before it
 * ran out), then expired: a code is open until the instant it expires.
 */
export function invitationStateOf(invitation: InvitationTimes, now: number): InvitationState {
  if (invitation.usedAt !== null) return 'used'
  if (invitation.withdrawnAt !== null) return 'withdrawn'
  return now < invitation.expiresAt ? 'open' : 'expired'
}

/** The membership of the inviter in the group the invitation is for. */
export interface InvitingMembership {
  readonly id: number
  readonly publicGroup: boolean
  readonly isAdmin: boolean
  readonly memberStatus: 'active' | 'invited' | null
  /** events only: when the event ends */
  readonly endTime: number | null
}

/**
 * Who may invite a new player into a group: an active member of a public group (anybody could join it
 * anyway), only an active admin of a private one (as only admins add members there). Group 1000 needs
 * no group invitation (every player is in it), and an ended event takes nobody new.
 */
export function canInviteToGroup(group: InvitingMembership, now: number): boolean {
  if (group.id === everybodyGroupId || group.memberStatus !== 'active') return false
  if (group.endTime !== null && group.endTime <= now) return false
  return group.publicGroup || group.isAdmin
}

/** How many more invitations a player holding `openCount` open ones may make under the operator's limit. */
export const invitationsLeft = (openCount: number, limit: number) => Math.max(0, limit - openCount)

/** Whether one more open invitation stays within the operator's limit. */
export const canOpenAnotherInvitation = (openCount: number, limit: number) =>
  invitationsLeft(openCount, limit) > 0
