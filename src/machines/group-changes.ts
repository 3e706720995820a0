import type { Group } from '../api/groups'
import { gameNotices, gameTexts } from './game-notices'
import {
  defaultActiveGroupId,
  type GroupChange,
  type GroupChangeKind,
  type GroupRef,
  type GroupsContext,
  type GroupsEvent,
} from './groups.types'
import type { Notice } from './notices'

/** The events that ask the server for a change, and the change each asks for. */
export type GroupChangeEvent = Extract<
  GroupsEvent,
  { type: 'group.select' | 'group.join' | 'group.leave' | 'group.delete' | 'group.save' | 'group.setMembers' }
>

const refOf = (group: GroupRef): GroupRef => ({ id: group.id, name: group.name })

export function changeOf(event: GroupChangeEvent): GroupChange {
  const group = refOf(event.group)
  switch (event.type) {
    case 'group.select':
      return { kind: 'select', group }
    case 'group.join':
      return { kind: 'join', group }
    case 'group.leave':
      return { kind: 'leave', group }
    case 'group.delete':
      return { kind: 'delete', group }
    case 'group.save':
      return { kind: 'save', group, settings: event.group }
    case 'group.setMembers':
      return { kind: 'setMembers', group, members: event.members }
  }
}

/** Whether the change, once the server took it, moves the player to another group (their stores reset). */
export const changesActiveGroup = (context: GroupsContext, change: GroupChange) =>
  change.kind === 'select' ||
  ((change.kind === 'leave' || change.kind === 'delete') && change.group.id === context.activeGroupId)

const without = (groups: readonly Group[], id: number) => groups.filter((group) => group.id !== id)

/** A left public group goes back among the public groups, without the player. */
function publicAfterLeaving(context: GroupsContext, id: number): readonly Group[] {
  const left = [...context.groups, ...context.invitations].find((group) => group.id === id)
  if (!left?.publicGroup || context.publicGroups.some((group) => group.id === left.id))
    return context.publicGroups
  // the count is of active members: an invitation declined was not one of them
  const memberCount = left.memberStatus === 'active' ? Math.max(0, left.memberCount - 1) : left.memberCount
  return [...context.publicGroups, { ...left, memberStatus: null, isAdmin: false, memberCount }]
}

type Lists = Pick<GroupsContext, 'activeGroupId' | 'groups' | 'invitations' | 'publicGroups'>

/**
 * The lists once the server took the change (`answered`: the group it answered a join or a save
 * with). Leaving or deleting the active group falls back to group 1000.
 */
export function listsAfterChange(context: GroupsContext, change: GroupChange, answered?: Group): Lists {
  const id = change.group.id
  const activeGroupId =
    change.kind === 'select'
      ? id
      : changesActiveGroup(context, change)
        ? defaultActiveGroupId
        : context.activeGroupId
  const lists: Lists = { ...pickLists(context), activeGroupId }
  switch (change.kind) {
    case 'join':
      return answered
        ? {
            ...lists,
            groups: [...without(context.groups, answered.id), answered],
            invitations: without(context.invitations, answered.id),
            publicGroups: without(context.publicGroups, answered.id),
          }
        : lists
    case 'leave':
      return {
        ...lists,
        groups: without(context.groups, id),
        invitations: without(context.invitations, id),
        publicGroups: publicAfterLeaving(context, id),
      }
    case 'delete':
      return {
        ...lists,
        groups: without(context.groups, id),
        invitations: without(context.invitations, id),
        publicGroups: without(context.publicGroups, id),
      }
    case 'save':
      return answered
        ? { ...lists, groups: context.groups.map((group) => (group.id === answered.id ? answered : group)) }
        : lists
    default:
      return lists
  }
}

function pickLists({ activeGroupId, groups, invitations, publicGroups }: GroupsContext): Lists {
  return { activeGroupId, groups, invitations, publicGroups }
}

const doneTexts: Record<GroupChangeKind, string> = {
  select: gameTexts.groupSelected,
  join: gameTexts.groupJoined,
  leave: gameTexts.groupLeft,
  delete: gameTexts.groupDeleted,
  save: gameTexts.groupSaved,
  setMembers: gameTexts.groupMembersSaved,
}

const failedTexts: Record<Exclude<GroupChangeKind, 'select'>, string> = {
  join: gameTexts.groupJoinFailed,
  leave: gameTexts.groupLeaveFailed,
  delete: gameTexts.groupDeleteFailed,
  save: gameTexts.groupSaveFailed,
  setMembers: gameTexts.groupMembersFailed,
}

/** Spec §8: a change the server took is an info notice with the group's name. */
export const changeDoneNotice = (change: GroupChange): Notice =>
  gameNotices.group('info', doneTexts[change.kind], change.group.name)

/** Spec §4, §8: a failed change is a negative notice with the group's name (a switch has its own words). */
export const changeFailedNotice = (change: GroupChange): Notice =>
  change.kind === 'select'
    ? gameNotices.groupSelectFailed(change.group.name)
    : gameNotices.group('negative', failedTexts[change.kind], change.group.name)
