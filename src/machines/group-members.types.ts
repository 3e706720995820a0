import type { GroupMemberChoice, GroupRef } from './groups.types'

/** Spec §8: the texts of the members and admins dialog. */
export const groupMemberTexts = {
  loadFailed: 'Error getting group details',
  searchFailed: 'Error searching for users!',
  /** ours: a search that found nobody to add says so (the group's own members are not offered) */
  noneFound: 'No players found who are not in the group yet.',
} as const

/** A member as the dialog lists it; players added here are 'invited' until they join. */
export interface MemberRow {
  readonly userId: number
  readonly username: string
  readonly isAdmin: boolean
  readonly status: 'active' | 'invited'
}

/** A player found by the user search. */
export interface FoundUser {
  readonly id: number
  readonly username: string
}

export interface GroupMembersInput {
  readonly group: GroupRef
}

export interface GroupMembersContext {
  readonly group: GroupRef
  /** the list being edited, as loaded at first */
  readonly members: readonly MemberRow[]
  /** the last search's players not listed yet */
  readonly found: readonly FoundUser[]
  /** whether the last save was refused for want of an admin (spec §5) */
  readonly needsAdmin: boolean
}

export type GroupMembersEvent =
  | { readonly type: 'members.toggleAdmin'; readonly userId: number }
  | { readonly type: 'members.remove'; readonly userId: number }
  | { readonly type: 'members.add'; readonly user: FoundUser }
  | { readonly type: 'members.search'; readonly name: string }
  | { readonly type: 'members.save' }
  | { readonly type: 'members.retry' }
  /**
   * the group lists were read again (a refresh, a push): the shown members are read with them, so the
   * list agrees with the group's member count; the rows stay while the read runs, a failed one keeps them
   */
  | { readonly type: 'members.reload' }

/** What `submitMembers` hands to the groups actor. */
export interface MembersSubmission {
  readonly group: GroupRef
  readonly members: readonly GroupMemberChoice[]
}
