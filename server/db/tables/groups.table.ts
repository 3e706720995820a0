import type { Generated, Selectable } from 'kysely'
import type { GroupType, MemberStatus } from '../../../src/api/groups'

/** A user group or event; group 1000 'Alpha' holds every player. Booleans are 0/1 integers. */
export interface UserGroupsTable {
  id: Generated<number>
  name: string
  type: GroupType
  publicGroup: number
  /** file name under `${dataDir}/avatars/`; null without an avatar */
  avatarFile: string | null
  createdAt: number
  /** null for group 1000 and when the creator's account is gone */
  createdBy: number | null
  /** events only: when the event ends */
  endTime: number | null
  /** JSON array of title ids an event counts; empty: every title */
  titleRestrictions: string
  /** events only: hundredths of a TTC, funded by the creator into the event's prize wallet */
  extraPrize: number
  /** when the extra prize went to the winner (or back to the creator) */
  prizePaidAt: number | null
}

/** Membership: 'invited' rows were added by an admin and become 'active' when the player joins. */
export interface GroupMembersTable {
  groupId: number
  userId: number
  isAdmin: number
  status: MemberStatus
  joinedAt: number
  /** the admin who invited the player (null by default: joined on their own, or the inviter is gone) */
  invitedBy: Generated<number | null>
}

export type UserGroupRow = Selectable<UserGroupsTable>
export type GroupMemberRow = Selectable<GroupMembersTable>
