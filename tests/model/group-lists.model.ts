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

/** The state of the lists' load (the changes are the groups model's). */
export const listsState = (snapshot: { value: unknown }) => (snapshot.value as { lists: string }).lists

const listEvents = new Set(['groups.load', 'groups.retry'])
const isListEvent = (event: AnyEventObject) =>
  listEvents.has(event.type) || event.type.endsWith('.loadGroupLists') || isAfterEvent(event)

/**
 * Issue "The social loop", point 3, written out: the lists load on a sign-in; a failed load is tried
 * again on Retry and on its own after 2 s, 10 s, then every 60 s, keeping the lists it had.
 */
export function listsLoad(from: { value: unknown } | undefined, event: AnyEventObject): boolean {
  if (!from) return false
  if (event.type === 'groups.load') return true
  return listsState(from) === 'failed' && (event.type === 'groups.retry' || isAfterEvent(event))
}

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
    { type: 'xstate.done.actor.loadGroupLists', output: serverLists },
    { type: 'xstate.error.actor.loadGroupLists', error: failure },
  ],
  filterEvents: (_, event) => isListEvent(event),
  expectedOutputs: ({ from, event }): Output[] =>
    listsLoad(from, event) ? [{ call: 'loadGroupLists' }] : [],
  describeState: (snapshot) => {
    const context = snapshot.context as GroupsContext
    const facts = [
      context.groups.length ? `${context.groups.length} groups, 1 invitation, 1 public group` : 'no lists',
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
      case 'xstate.done.actor.loadGroupLists':
        return 'the lists arrive (Everybody and Traders; an invitation to Owls; Bears to join)'
      case 'xstate.error.actor.loadGroupLists':
        return 'loading the lists fails (503)'
      default:
        return undefined
    }
  },
}
