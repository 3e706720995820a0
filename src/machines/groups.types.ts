import type { Group } from '../api/groups'

/** Spec §9: the group every player is in, active until they choose another. */
export const defaultActiveGroupId = 1000

/** The stores that hold data of the active group (names as the app boot knows them): a group change resets them (spec §4: the poll, live stream and tagged message stores "and two further" ones). */
export const groupStores = ['polls', 'liveStream', 'taggedMessages', 'activityStream', 'liveRanking'] as const
export type GroupStore = (typeof groupStores)[number]

/** Enough of a group to act on it and name it in a notice. */
export interface GroupRef {
  readonly id: number
  readonly name: string
}

export interface GroupMemberChoice {
  readonly userId: number
  readonly isAdmin: boolean
}

export interface GroupsContext {
  /** the group the player plays in; undefined until the session says (see `selectActiveGroup`) */
  readonly activeGroupId?: number
  /** the groups the player is an active member of */
  readonly groups: readonly Group[]
  /**
   * groups an admin added the player to (member status 'invited'): joining moves one to `groups`,
   * leaving declines it
   * @default []
   */
  readonly invitations: readonly Group[]
  /** public groups the player could join */
  readonly publicGroups: readonly Group[]
  /** the change on its way to the server (one at a time) */
  readonly change?: GroupChange
  /** failed loads of the lists in a row (saturating, see load-retry.ts): the next retry's wait */
  readonly listFailures: number
}

export type GroupsEvent =
  /** loads the lists (a sign-in), with the session's active group */
  | { readonly type: 'groups.load'; readonly activeGroupId?: number }
  /** loads the lists again after a failure (the Retry button), before the background retry would */
  | { readonly type: 'groups.retry' }
  /**
   * the server pushed 'groups changed' (an invitation, a join, a leave, admins, a rename, a deletion):
   * shown lists are read again at once rather than at the next refresh
   */
  | { readonly type: 'groups.changed' }
  /** the server's lists (and the session's active group), from the state or groups call */
  | {
      readonly type: 'groups.received'
      readonly groups: readonly Group[]
      readonly invitations: readonly Group[]
      readonly publicGroups: readonly Group[]
      readonly activeGroupId?: number
    }
  /** the public groups a state answer carries (spec §3 "State response"): they replace the list */
  | { readonly type: 'groups.publicReceived'; readonly publicGroups: readonly Group[] }
  | { readonly type: 'group.select'; readonly group: GroupRef }
  /** joins a public group or accepts an invitation: it moves from those lists to the player's */
  | { readonly type: 'group.join'; readonly group: GroupRef }
  /** a group the server answered with elsewhere (created, new avatar): added or replaced in the player's */
  | { readonly type: 'group.stored'; readonly group: Group }
  /** leaves a group, or declines an invitation (the server takes both) */
  | { readonly type: 'group.leave'; readonly group: GroupRef }
  | { readonly type: 'group.delete'; readonly group: GroupRef }
  /** saves the group's settings (name, public, avatar, end time, title restrictions) */
  | { readonly type: 'group.save'; readonly group: Group }
  /** sets the whole member list; refused unless one member is an admin */
  | {
      readonly type: 'group.setMembers'
      readonly group: GroupRef
      readonly members: readonly GroupMemberChoice[]
    }

/**
 * A change of the player's groups, the one input of the `changeGroup` actor: the group it is for
 * (named in its notices) and what is asked of it.
 */
export type GroupChange =
  /** makes the group the active one */
  | { readonly kind: 'select'; readonly group: GroupRef }
  /** joins a public group or accepts an invitation */
  | { readonly kind: 'join'; readonly group: GroupRef }
  /** leaves a group or declines an invitation */
  | { readonly kind: 'leave'; readonly group: GroupRef }
  | { readonly kind: 'delete'; readonly group: GroupRef }
  /** saves the group's settings (a rename, public, avatar, end time, title restrictions) */
  | { readonly kind: 'save'; readonly group: GroupRef; readonly settings: Group }
  /** sets the whole member list and its admins */
  | {
      readonly kind: 'setMembers'
      readonly group: GroupRef
      readonly members: readonly GroupMemberChoice[]
    }

export type GroupChangeKind = GroupChange['kind']

/** Inputs of the group calls. */
export interface GroupCallInput {
  readonly groupId: number
}
export interface SaveGroupInput extends GroupCallInput {
  readonly group: Group
}
export interface SetMembersInput extends GroupCallInput {
  readonly members: readonly GroupMemberChoice[]
}
