import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { Group, GroupLists } from '../../src/api/groups'
import { groupsMachine } from '../../src/machines/groups.machine'
import { type GroupsContext, groupStores } from '../../src/machines/groups.types'
import { serverLists } from './group-lists.model'
import { everybody, failure, owls, traders } from './groups.model'
import { isAfterEvent, type Output, type PathModel } from './paths'

/** ann invited the player to Hawks meanwhile. */
export const hawks: Group = { ...owls, id: owls.id + 200, name: 'Hawks', invitedBy: 'ann' }
/** What a refresh reads once Traders, the active group, was deleted elsewhere: Hawks came meanwhile. */
export const withoutTraders: GroupLists = { ...serverLists, groups: [everybody], invitations: [owls, hawks] }

const activeGroup = (snapshot: AnyMachineSnapshot | undefined) =>
  (snapshot?.context as GroupsContext | undefined)?.activeGroupId
const listsState = (snapshot: AnyMachineSnapshot | undefined) =>
  (snapshot?.value as { lists?: string } | undefined)?.lists
const changesState = (snapshot: AnyMachineSnapshot | undefined) =>
  (snapshot?.value as { changes?: string } | undefined)?.changes

const notice = (message: string, caption: string, key?: string) => ({
  notice: { kind: 'info', message, caption, ...(key ? { key } : {}) },
})
export const tradersGone = notice(
  'You no longer play in Traders',
  'It was deleted or you are no longer a member: you play in Alpha again',
  'active_group_gone',
)
const annInvited = notice(
  'ann invited you to Hawks',
  'Join or decline it on the Groups page',
  'group_invitations',
)
const resets = { reset: groupStores }

/** The spec's outputs of one step (issue "The social loop", point 2). */
function expectedOutputs(from: AnyMachineSnapshot | undefined, event: AnyEventObject): Output[] {
  const context = from?.context as GroupsContext | undefined
  switch (event.type) {
    case 'groups.load':
      return [{ call: 'loadGroupLists' }]
    case 'groups.changed':
      // shown lists are read once the burst settled; a read on its way is dropped (it may predate the change)
      return []
    case 'xstate.done.actor.refreshGroupLists': {
      const playsInTraders = activeGroup(from) === traders.id
      const ownLeaveOnItsWay = context?.change?.group.id === traders.id
      if (playsInTraders && !ownLeaveOnItsWay) return [tradersGone, resets]
      return context?.invitations.some((group) => group.id === hawks.id) ? [] : [annInvited]
    }
    case 'group.leave':
      return [
        { call: 'changeGroup', input: { kind: 'leave', group: { id: traders.id, name: traders.name } } },
      ]
    case 'xstate.done.actor.changeGroup': {
      const left = notice('You left the group', 'Traders')
      return activeGroup(from) === traders.id ? [resets, left] : [left]
    }
    default:
      return isPushSettled(event) ? [{ call: 'refreshGroupLists' }] : []
  }
}

const isPushSettled = (event: AnyEventObject) => isAfterEvent(event) && event.type.includes('pushSettle')

const pushEvents = new Set([
  'groups.load',
  'groups.changed',
  'group.leave',
  'xstate.done.actor.loadGroupLists',
  'xstate.done.actor.refreshGroupLists',
  'xstate.error.actor.refreshGroupLists',
  'xstate.done.actor.changeGroup',
])

export const groupPushModel: PathModel = {
  name: 'group pushes',
  summary:
    "The groups machine hearing 'groups changed' from the socket: loaded lists are read again 1 s later, once the burst of pushes settled (a read on its way is dropped and made again); a refresh that finds a new invitation names its inviter; one that no longer finds the active group switches to group 1000 with a notice and resets the group's stores, unless the player's own leave of it is on its way.",
  machine: groupsMachine,
  events: [
    { type: 'groups.load', activeGroupId: traders.id },
    { type: 'xstate.done.actor.loadGroupLists', output: serverLists },
    { type: 'groups.changed' },
    { type: 'xstate.done.actor.refreshGroupLists', output: withoutTraders },
    { type: 'xstate.error.actor.refreshGroupLists', error: failure },
    { type: 'group.leave', group: { id: traders.id, name: traders.name } },
    { type: 'xstate.done.actor.changeGroup' },
  ],
  // the timers are the group lists model's; a sign-in once is enough here
  filterEvents: (snapshot, event) =>
    (pushEvents.has(event.type) || isPushSettled(event)) &&
    !(event.type === 'groups.load' && listsState(snapshot) !== 'idle') &&
    !(event.type === 'group.leave' && activeGroup(snapshot) !== traders.id),
  expectedOutputs: ({ from, event }) => expectedOutputs(from, event),
  describeState: (snapshot) => {
    const context = snapshot.context as GroupsContext
    const names = (groups: readonly Group[]) => groups.map((group) => group.name).join(', ') || 'none'
    return `${listsState(snapshot)}, changes ${changesState(snapshot)} (plays in ${context.activeGroupId ?? '-'}; groups: ${names(context.groups)}; invited to: ${names(context.invitations)})`
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'groups.load':
        return 'the player signs in (active group Traders)'
      case 'xstate.done.actor.loadGroupLists':
        return 'the lists arrive (Everybody and Traders; an invitation to Owls)'
      case 'groups.changed':
        return "the socket pushes 'groups changed'"
      case 'xstate.done.actor.refreshGroupLists':
        return 'the refresh reads the lists: Traders is gone, ann invited the player to Hawks'
      case 'xstate.error.actor.refreshGroupLists':
        return 'the refresh fails (503): the lists stay'
      case 'group.leave':
        return 'the player leaves Traders'
      case 'xstate.done.actor.changeGroup':
        return 'the server took the leave'
      default:
        return undefined
    }
  },
}
