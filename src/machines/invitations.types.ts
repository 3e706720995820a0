import type { InvitationLimits, PlayerInvitation } from '../api/invitations'

/** The texts of the invitations dialog. */
export const invitationTexts = {
  loadFailed: 'Your invitations could not be loaded.',
  createFailed: 'The invitation link could not be made.',
  withdrawFailed: 'The invitation could not be withdrawn.',
  copyFailed: 'The link could not be copied: select it and copy it yourself.',
  copied: 'Link copied',
} as const

export interface InvitationsInput {
  /** the group a new link brings its new player into; none: a link to the game only */
  readonly groupId?: number
}

export interface InvitationsContext {
  readonly groupId?: number
  /** the player's own invitations, newest first, as last loaded and changed here */
  readonly invitations: readonly PlayerInvitation[]
  readonly limits?: InvitationLimits
  /** the link made last in this dialog, shown with its Copy button */
  readonly created?: PlayerInvitation
  /** why the last create or withdraw failed (the server's text when it gave one) */
  readonly error?: string
  /** the code being withdrawn */
  readonly withdrawing?: string
  /** the code whose link is being put on the clipboard */
  readonly copying?: string
  /** the code whose link was put on the clipboard last */
  readonly copied?: string
}

export type InvitationsEvent =
  | { readonly type: 'invitations.retry' }
  | { readonly type: 'invitations.create' }
  | { readonly type: 'invitations.withdraw'; readonly code: string }
  /** copies an open link, the one just made or any other (the codes a new player gets, say) */
  | { readonly type: 'invitations.copy'; readonly code: string }

export type { InvitationLimits, PlayerInvitation }
