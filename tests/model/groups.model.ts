import type { AnyEventObject } from 'xstate'
import { ApiError } from '../../src/api/client'
import type { Group } from '../../src/api/groups'
import { groupsMachine } from '../../src/machines/groups.machine'
import type { GroupChange, GroupsContext } from '../../src/machines/groups.types'
import type { Output, PathModel } from './paths'

const group = (id: number, name: string, publicGroup: boolean, isAdmin: boolean): Group => ({
  id,
  name,
  type: 'userGroup',
  publicGroup,
  avatarUrl: null,
  memberCount: 3,
  createdAt: 1,
  createdBy: id === 1000 ? null : 5,
  endTime: null,
  titleRestrictions: [],
  extraPrize: 0,
  prizePaidAt: null,
  memberStatus: 'active',
  isAdmin,
})

export const everybody = group(1000, 'Everybody', true, false)
/** a private group the player runs */
export const traders = group(7, 'Traders', false, true)
/** a public group the player is in */
export const bulls = group(8, 'Bulls', true, false)
export const bears = group(9, 'Bears', true, false)
/** a private group an admin added the player to: joined or declined */
export const owls: Group = { ...group(11, 'Owls', false, false), memberStatus: 'invited' }
const joinedOwls: Group = { ...owls, memberStatus: 'active', memberCount: 4 }
export const renamed: Group = { ...traders, name: 'Day Traders' }
export const failure = new ApiError(503, 'http_503', 'Oops! Something went wrong')

const ref = (g: Group) => ({ id: g.id, name: g.name })
/** What the server answers a change with: the joined or saved group, else nothing. */
const answerTo = (change: GroupChange | undefined) =>
  change?.kind === 'join' ? joinedOwls : change?.kind === 'save' ? renamed : undefined
const changing = (input: Record<string, unknown>): Output => ({ call: 'changeGroup', input })
export const groupEvents = {
  received: {
    type: 'groups.received',
    groups: [everybody, traders, bulls],
    invitations: [owls],
    publicGroups: [bears],
    activeGroupId: 1000,
  },
  selectTraders: { type: 'group.select', group: ref(traders) },
  selectEverybody: { type: 'group.select', group: ref(everybody) },
  leaveBulls: { type: 'group.leave', group: ref(bulls) },
  leaveTraders: { type: 'group.leave', group: ref(traders) },
  joinOwls: { type: 'group.join', group: ref(owls) },
  leaveOwls: { type: 'group.leave', group: ref(owls) },
  deleteTraders: { type: 'group.delete', group: ref(traders) },
  saveTraders: { type: 'group.save', group: renamed },
  setMembers: {
    type: 'group.setMembers',
    group: ref(traders),
    members: [
      { userId: 5, isAdmin: true },
      { userId: 6, isAdmin: false },
    ],
  },
  setMembersWithoutAdmin: {
    type: 'group.setMembers',
    group: ref(traders),
    members: [{ userId: 5, isAdmin: false }],
  },
} as const

const resetStores = {
  stores: ['polls', 'liveStream', 'taggedMessages', 'activityStream', 'liveRanking'],
  event: { type: 'store.reset' },
}
const info = (message: string, caption: string) => ({ notice: { kind: 'info', message, caption } })
const negative = (message: string, caption: string) => ({ notice: { kind: 'negative', message, caption } })

/**
 * The groups after these events, by the spec's rules: active id, the player's groups, the invitations,
 * the public ones.
 */
export function groupsAfter(events: readonly AnyEventObject[]) {
  let active: number | undefined
  let mine: Group[] = []
  let invited: Group[] = []
  let open: Group[] = []
  let target: AnyEventObject | undefined
  for (const event of events) {
    if (event.type === 'groups.received') {
      mine = [...event.groups]
      invited = [...event.invitations]
      open = [...event.publicGroups]
      active = event.activeGroupId ?? active
    } else if (event.type.startsWith('group.')) {
      const ignored =
        (event.type === 'group.select' && event.group.id === active) ||
        (event.type === 'group.setMembers' && !event.members.some((m: { isAdmin: boolean }) => m.isAdmin))
      if (!ignored) target = event
    } else if (event.type.startsWith('xstate.done.actor.') && target) {
      const id = target.group.id as number
      if (target.type === 'group.select') active = id
      if (target.type === 'group.join') {
        const joined = event.output as Group
        mine = [...mine.filter((g) => g.id !== id), joined]
        invited = invited.filter((g) => g.id !== id)
        open = open.filter((g) => g.id !== id)
      }
      if (target.type === 'group.leave' || target.type === 'group.delete') {
        const gone = [...mine, ...invited].find((g) => g.id === id)
        mine = mine.filter((g) => g.id !== id)
        invited = invited.filter((g) => g.id !== id)
        if (target.type === 'group.delete') open = open.filter((g) => g.id !== id)
        else if (gone?.publicGroup) {
          // back among the public groups without the player: one active member fewer
          const memberCount =
            gone.memberStatus === 'active' ? Math.max(0, gone.memberCount - 1) : gone.memberCount
          open = [...open, { ...gone, memberStatus: null, isAdmin: false, memberCount }]
        }
        if (active === id) active = 1000
      }
      if (target.type === 'group.save') mine = mine.map((g) => (g.id === id ? (event.output as Group) : g))
      target = undefined
    } else if (event.type.startsWith('xstate.error.actor.')) {
      target = undefined
    }
  }
  return { active, mine, invited, open, target }
}

/** The state of the changes (the lists' own lifecycle is the group-lists model's). */
export const changeState = (snapshot: { value: unknown }) => (snapshot.value as { changes: string }).changes
const isIdle = (snapshot: { value: unknown }) => changeState(snapshot) === 'idle'
const isAsReceived = (context: GroupsContext) =>
  context.activeGroupId === groupEvents.received.activeGroupId &&
  JSON.stringify([context.groups, context.publicGroups]) ===
    JSON.stringify([groupEvents.received.groups, groupEvents.received.publicGroups])

export const groupsModel: PathModel = {
  name: 'groups',
  summary:
    'The player\'s groups (spec §4 "Active group change", §5, §8): switching stores the group and resets the group\'s stores; joining or declining an invitation; leave, delete, save and members with the at-least-one-admin rule; info notices on success, negative ones on failure, with the group name.',
  machine: groupsMachine,
  events: [
    ...Object.values(groupEvents),
    // the one changing actor answers a join and a save with the server's group, the rest with nothing
    { type: 'xstate.done.actor.changeGroup' },
    { type: 'xstate.done.actor.changeGroup', output: joinedOwls },
    { type: 'xstate.done.actor.changeGroup', output: renamed },
    { type: 'xstate.error.actor.changeGroup', error: failure },
  ],
  // the lists arrive once, first; a change is tried on a group the player is in. The invitation is
  // joined or declined as the lists arrived, and the other changes are tried while it waits (else
  // every state would be explored once per answer to it); a joined Owls can be left again.
  filterEvents: (snapshot, event) => {
    const context = snapshot.context as GroupsContext
    if (event.type === 'groups.received') return context.groups.length === 0
    if (event.type.startsWith('groups.')) return false
    if (event.type === 'xstate.done.actor.changeGroup') return event.output === answerTo(context.change)
    if (!event.type.startsWith('group.')) return true
    if (!isIdle(snapshot)) return false
    const pending = context.invitations.some((g) => g.id === owls.id)
    if (event.group.id === owls.id)
      return pending
        ? isAsReceived(context)
        : event.type === 'group.leave' && context.groups.some((g) => g.id === owls.id)
    if (!pending) return false
    const listed = context.groups.find((g) => g.id === event.group.id)
    if (!listed) return false
    // saved once; the player's own group 1000 is never left
    if (event.type === 'group.save') return listed.name === traders.name
    return true
  },
  expectedOutputs: ({ event, history }): Output[] => {
    const before = groupsAfter(history)
    switch (event.type) {
      case 'group.select':
        if (event.group.id === before.active) return []
        return [changing({ kind: 'select', group: event.group })]
      case 'group.leave':
        return [changing({ kind: 'leave', group: event.group })]
      case 'group.join':
        return [changing({ kind: 'join', group: event.group })]
      case 'group.delete':
        return [changing({ kind: 'delete', group: event.group })]
      case 'group.save':
        return [changing({ kind: 'save', group: ref(event.group), settings: event.group })]
      case 'group.setMembers':
        if (!event.members.some((m: { isAdmin: boolean }) => m.isAdmin))
          return [
            {
              notice: {
                kind: 'negative',
                message: 'Cannot save changes, at least one member must be an admin.',
              },
            },
          ]
        return [changing({ kind: 'setMembers', group: event.group, members: event.members })]
    }
    const target = before.target
    if (!target) return []
    const name = target.group.name as string
    const wasActive = target.group.id === before.active
    if (event.type.startsWith('xstate.error.actor.')) {
      switch (target.type) {
        case 'group.select':
          return [negative('Error selecting group', `Couldn't save your group selection: ${name}`)]
        case 'group.leave':
          return [negative('Error leaving group', name)]
        case 'group.join':
          return [negative('Error joining group', name)]
        case 'group.delete':
          return [negative('Error deleting group', name)]
        case 'group.save':
          return [negative('Error saving group', name)]
        default:
          return [negative('Error editing group members and admins', name)]
      }
    }
    switch (target.type) {
      case 'group.select':
        return [resetStores, info('Group selected', name)]
      case 'group.leave':
        return wasActive
          ? [resetStores, info('You left the group', name)]
          : [info('You left the group', name)]
      case 'group.join':
        return [info('You joined the group', name)]
      case 'group.delete':
        return wasActive ? [resetStores, info('Group deleted', name)] : [info('Group deleted', name)]
      case 'group.save':
        return [info('Group saved', name)]
      default:
        return [info('Members and admins saved', name)]
    }
  },
  describeState: (snapshot) => {
    const context = snapshot.context as GroupsContext
    if (context.groups.length === 0) return `${changeState(snapshot)} (no groups known)`
    const names = context.groups.map((g) => g.name).join(', ')
    const active =
      context.groups.find((g) => g.id === context.activeGroupId)?.name ?? `#${context.activeGroupId}`
    const invited = context.invitations.map((g) => g.name).join(', ')
    return `${changeState(snapshot)} (in ${names}; active ${active}; invited to ${invited || 'none'}; public ${context.publicGroups.map((g) => g.name).join(', ')})`
  },
  describeEvent: (event, from) => {
    switch (event.type) {
      case 'groups.received':
        return 'the groups arrive (Everybody active, Traders run by the player, Bulls public; an invitation to the private Owls; Bears to join)'
      case 'group.select':
        return `the player switches to ${event.group.name}`
      case 'group.leave':
        return (from?.context as GroupsContext | undefined)?.invitations.some((g) => g.id === event.group.id)
          ? `the player declines the invitation to ${event.group.name}`
          : `the player leaves ${event.group.name}`
      case 'group.join':
        return `the player accepts the invitation to ${event.group.name}`
      case 'group.delete':
        return `the player deletes ${event.group.name}`
      case 'group.save':
        return `the player renames ${traders.name} to ${event.group.name}`
      case 'group.setMembers':
        return event.members.some((m: { isAdmin: boolean }) => m.isAdmin)
          ? `the player saves the members of ${event.group.name}`
          : `the player saves the members of ${event.group.name} without an admin`
    }
    const change = (from?.context as GroupsContext | undefined)?.change
    const [, kind] = /^xstate\.(done|error)\.actor\.changeGroup$/.exec(event.type) ?? []
    return kind && change
      ? `the ${change.kind} of ${change.group.name} ${kind === 'done' ? 'succeeds' : 'fails (503)'}`
      : undefined
  },
}
