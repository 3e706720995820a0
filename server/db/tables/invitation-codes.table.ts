import type { Selectable } from 'kysely'

/** A single-use code that lets one person sign up. */
export interface InvitationCodesTable {
  /** normalized code: upper-case Crockford base32 without separators */
  code: string
  /** the player who may hand it out; null for codes an operator made */
  ownerId: number | null
  createdAt: number
  expiresAt: number
  usedBy: number | null
  usedAt: number | null
  /** the group a player joining with this code starts as a member of; null for none (or when it was deleted) */
  groupId: number | null
  /** when its owner withdrew it; a withdrawn code lets nobody in */
  withdrawnAt: number | null
}

export type InvitationCodeRow = Selectable<InvitationCodesTable>
