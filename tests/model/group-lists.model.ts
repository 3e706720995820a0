import type { AnyEventObject } from 'xstate'
import type { GroupLists } from '../../src/api/groups'
import { groupsMachine } from '../../src/machines/groups.machine'
import type { GroupsContext } from '../../src/machines/groups.types'
import { bears, everybody, failure, owls, traders } from './groups.model'
import { isAfterEvent, type Output, type PathModel } from './paths'

export const serverLists: GroupLists = {
  groups: [everybody, traders],
  invitations: [owls],
  publicGroups: [bears],
}

/** An admin invited the player to Hawks meanwhile: what a background refresh reads. */
export const hawks = { ...owls, id: owls.id + 100, name: 'Hawks' }
export const refreshedLists: GroupLists = { ...serverLists, invitations: [owls, hawks] }

export const invitedToHawks = {
  notice: {
    kind: 'info',
    message: 'You were invited to Hawks',
    caption: 'Join or decline it on the Groups page',
    key: 'group_invitations',
  },
}

/** The state of the lists' load (the changes are the groups model's). */
export const listsState = (snapshot: { value: unknown }) => (snapshot.value as { lists: string }).lists

/** Eagles became public meanwhile: what a state answer carries (spec §3 "State response"). */
export const eagles = { ...bears, id: bears.id + 100, name: 'Eagles' }

const listEvents = new Set(['groups.load', 'groups.retry', 'groups.publicReceived'])
const isListEvent = (event: AnyEventObject) =>
  listEvents.has(event.type) ||
  event.type.endsWith('.loadGroupLists') ||
  event.type.endsWith('.refreshGroupLists') ||
  isAfterEvent(event)

/**
 * Issue "The social loop", points 2 and 3, written out: the lists load on a sign-in; a failed load is
 * tried again on Retry and on its own after 2 s, 10 s, then every 60 s, keeping the lists it had;
 * loaded lists are read again every 10 s, so an invitation shows (with a notice) without a reload.
 */
export function listsLoad(from: { value: unknown } | undefined, event: AnyEventObject): boolean {
  if (!from) return false
  if (event.type === 'groups.load') return true
  if (listsState(from) === 'loaded') return isAfterEvent(event)
  return listsState(from) === 'failed' && (event.type === 'groups.retry' || isAfterEvent(event))
}

/** A refresh that found an invitation the shown lists did not have. */
const findsHawks = (from: { context: unknown } | undefined, event: AnyEventObject) =>
  event.type === 'xstate.done.actor.refreshGroupLists' &&
  !(from?.context as GroupsContext | undefined)?.invitations.some((group) => group.id === hawks.id)

export const groupListsModel: PathModel = {
  name: 'group lists',
  summary:
    "The groups machine's lists (the player's groups, invitations, public groups): loaded on a sign-in with the session's active group; a failed load retried in the background after 2, 10, then 60 s, or at once on Retry, keeping the lists it had.",
  machine: groupsMachine,
  // Retry means nothing unless the load failed
  ignoredEvents: ['groups.retry'],
  events: [
    { type: 'groups.load', activeGroupId: 1000 },
    { type: 'groups.retry' },
    { type: 'groups.publicReceived', publicGroups: [bears, eagles] },
    { type: 'xstate.done.actor.loadGroupLists', output: serverLists },
    { type: 'xstate.error.actor.loadGroupLists', error: failure },
    { type: 'xstate.done.actor.refreshGroupLists', output: refreshedLists },
    { type: 'xstate.error.actor.refreshGroupLists', error: failure },
  ],
  filterEvents: (_, event) => isListEvent(event),
  expectedOutputs: ({ from, event }): Output[] => [
    ...(listsLoad(from, event)
      ? [
          {
            call:
              from && listsState(from) === 'loaded' && isAfterEvent(event)
                ? 'refreshGroupLists'
                : 'loadGroupLists',
          },
        ]
      : []),
    ...(findsHawks(from, event) ? [invitedToHawks] : []),
  ],
  describeState: (snapshot) => {
    const context = snapshot.context as GroupsContext
    const facts = [
      context.groups.length
        ? `${context.groups.length} groups, ${context.invitations.length} invitation(s)`
        : 'no lists',
      `${context.publicGroups.length} public group(s)`,
      ...(context.listFailures ? [`${context.listFailures} failed in a row`] : []),
    ]
    return `${listsState(snapshot)} (${facts.join('; ')})`
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'groups.load':
        return 'the player signs in (active group 1000)'
      case 'groups.retry':
        return 'Retry'
      case 'groups.publicReceived':
        return 'a state answer carries the public groups (Bears, Eagles)'
      case 'xstate.done.actor.loadGroupLists':
        return 'the lists arrive (Everybody and Traders; an invitation to Owls; Bears to join)'
      case 'xstate.error.actor.loadGroupLists':
        return 'loading the lists fails (503)'
      case 'xstate.done.actor.refreshGroupLists':
        return 'the refresh reads the lists: an invitation to Hawks came meanwhile'
      case 'xstate.error.actor.refreshGroupLists':
        return 'the refresh fails (503): the lists stay'
      default:
        return undefined
    }
  },
}
