import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { changeGroupWith } from '~/actors'
import { ApiError } from '~/api/client'
import type { Group } from '~/api/groups'
import {
  groupsMachine,
  selectActiveGroup,
  selectGroups,
  selectInvitations,
  selectIsChangingGroup,
  selectPublicGroups,
} from '~/machines/groups.machine'
import type { Notice } from '~/machines/notices'
import { group } from '../support/game-fixtures'

const settle = () => new Promise((resolve) => setImmediate(resolve))
const down = new ApiError(503, 'http_503', 'down')

const everybody = group(1000, 'Everybody', { publicGroup: true, isAdmin: false })
const traders = group(7, 'Traders')
const bulls = group(8, 'Bulls', { publicGroup: true, isAdmin: false })
/** invitations: a private group and a public one an admin added the player to */
const owls = group(11, 'Owls', { memberStatus: 'invited', isAdmin: false })
const bears = group(9, 'Bears', { publicGroup: true, memberStatus: 'invited', isAdmin: false })

/** The groups machine with recording fakes; `fail` names the calls that fail. */
function start(fail: string[] = []) {
  const seen: { step: string; detail?: unknown }[] = []
  const call =
    <I, O>(name: string, output: (input: I) => O) =>
    async (input: I) => {
      seen.push({ step: name, detail: input })
      if (fail.includes(name)) throw down
      return output(input)
    }
  const machine = groupsMachine.provide({
    actors: {
      changeGroup: changeGroupWith({
        switchGroup: call('switchGroup', (input: { activeGroupId: number }) => input),
        leaveGroup: call('leaveGroup', () => undefined),
        joinGroup: call('joinGroup', (input: { groupId: number }) => ({
          ...(input.groupId === owls.id ? owls : bears),
          memberStatus: 'active' as const,
        })),
        deleteGroup: call('deleteGroup', () => undefined),
        saveGroup: call('saveGroup', (input: { group: Group }) => input.group),
        setGroupMembers: call('setGroupMembers', () => []),
      }),
    },
    actions: {
      resetStores: (_, { stores }) => seen.push({ step: 'reset', detail: stores }),
      notify: (_, notice: Notice) => seen.push({ step: 'notice', detail: notice }),
    },
  })
  const actor = createActor(machine).start()
  actor.send({
    type: 'groups.received',
    groups: [everybody, traders, bulls],
    invitations: [owls, bears],
    publicGroups: [],
    activeGroupId: 1000,
  })
  return { actor, seen }
}

const allStores = ['polls', 'liveStream', 'taggedMessages', 'activityStream', 'liveRanking']

describe('the groups machine', () => {
  it('switches the active group, resets the group’s stores and says so', async () => {
    const { actor, seen } = start()
    actor.send({ type: 'group.select', group: { id: 7, name: 'Traders' } })
    expect(selectIsChangingGroup(actor.getSnapshot().context)).toBe(true)
    await settle()
    expect(seen).toEqual([
      { step: 'switchGroup', detail: { activeGroupId: 7 } },
      { step: 'reset', detail: allStores },
      { step: 'notice', detail: { kind: 'info', message: 'Group selected', caption: 'Traders' } },
    ])
    expect(selectActiveGroup(actor.getSnapshot().context).name).toBe('Traders')
  })

  it('keeps the group and resets nothing when the switch fails', async () => {
    const { actor, seen } = start(['switchGroup'])
    actor.send({ type: 'group.select', group: { id: 7, name: 'Traders' } })
    await settle()
    expect(seen.slice(1)).toEqual([
      {
        step: 'notice',
        detail: {
          kind: 'negative',
          message: 'Error selecting group',
          caption: "Couldn't save your group selection: Traders",
        },
      },
    ])
    expect(actor.getSnapshot().context.activeGroupId).toBe(1000)
  })

  it('does not send the active group again', () => {
    const { actor, seen } = start()
    actor.send({ type: 'group.select', group: { id: 1000, name: 'Everybody' } })
    expect(seen).toEqual([])
  })

  it('puts a left public group back among the public groups; deleting removes it', async () => {
    const { actor } = start()
    actor.send({ type: 'group.leave', group: { id: 8, name: 'Bulls' } })
    await settle()
    expect(actor.getSnapshot().context.groups.map((g) => g.id)).toEqual([1000, 7])
    // one member fewer: the player who left
    expect(actor.getSnapshot().context.publicGroups).toEqual([
      { ...bulls, memberStatus: null, isAdmin: false, memberCount: bulls.memberCount - 1 },
    ])
    actor.send({ type: 'group.delete', group: { id: 7, name: 'Traders' } })
    await settle()
    expect(actor.getSnapshot().context.groups.map((g) => g.id)).toEqual([1000])
  })

  it('falls back to group 1000 and resets when the active group is left', async () => {
    const { actor, seen } = start()
    actor.send({ type: 'group.select', group: { id: 7, name: 'Traders' } })
    await settle()
    actor.send({ type: 'group.leave', group: { id: 7, name: 'Traders' } })
    await settle()
    expect(actor.getSnapshot().context.activeGroupId).toBe(1000)
    expect(seen.filter((s) => s.step === 'reset')).toHaveLength(2)
    expect(seen.at(-1)?.detail).toEqual({ kind: 'info', message: 'You left the group', caption: 'Traders' })
  })

  it('saves a group and shows the saved one', async () => {
    const { actor, seen } = start()
    actor.send({ type: 'group.save', group: { ...traders, name: 'Day Traders' } })
    await settle()
    expect(actor.getSnapshot().context.groups[1]?.name).toBe('Day Traders')
    expect(seen.at(-1)?.detail).toEqual({ kind: 'info', message: 'Group saved', caption: 'Day Traders' })
  })

  it('sends members only with an admin among them', async () => {
    const { actor, seen } = start(['setGroupMembers'])
    actor.send({
      type: 'group.setMembers',
      group: { id: 7, name: 'Traders' },
      members: [{ userId: 5, isAdmin: false }],
    })
    expect(seen).toEqual([
      {
        step: 'notice',
        detail: { kind: 'negative', message: 'Cannot save changes, at least one member must be an admin.' },
      },
    ])
    actor.send({
      type: 'group.setMembers',
      group: { id: 7, name: 'Traders' },
      members: [{ userId: 5, isAdmin: true }],
    })
    await settle()
    expect(seen.slice(1)).toEqual([
      { step: 'setGroupMembers', detail: { groupId: 7, members: [{ userId: 5, isAdmin: true }] } },
      {
        step: 'notice',
        detail: { kind: 'negative', message: 'Error editing group members and admins', caption: 'Traders' },
      },
    ])
  })

  it('names each failure with the group', async () => {
    const { actor, seen } = start(['leaveGroup', 'deleteGroup', 'saveGroup'])
    actor.send({ type: 'group.leave', group: { id: 8, name: 'Bulls' } })
    await settle()
    actor.send({ type: 'group.delete', group: { id: 7, name: 'Traders' } })
    await settle()
    actor.send({ type: 'group.save', group: traders })
    await settle()
    expect(seen.filter((s) => s.step === 'notice').map((s) => s.detail)).toEqual([
      { kind: 'negative', message: 'Error leaving group', caption: 'Bulls' },
      { kind: 'negative', message: 'Error deleting group', caption: 'Traders' },
      { kind: 'negative', message: 'Error saving group', caption: 'Traders' },
    ])
  })

  it('stores the invitations the server lists, and none before', () => {
    expect(selectInvitations(createActor(groupsMachine).start().getSnapshot().context)).toEqual([])
    const { actor } = start()
    expect(selectInvitations(actor.getSnapshot().context)).toEqual([owls, bears])
    expect(selectGroups(actor.getSnapshot().context).map((g) => g.id)).toEqual([1000, 7, 8])
  })

  it('moves a joined invitation to the player’s groups as an active membership', async () => {
    const { actor, seen } = start()
    actor.send({ type: 'group.join', group: { id: 11, name: 'Owls' } })
    await settle()
    const { context } = actor.getSnapshot()
    expect(selectInvitations(context)).toEqual([bears])
    expect(selectGroups(context).map((g) => [g.id, g.memberStatus])).toEqual([
      [1000, 'active'],
      [7, 'active'],
      [8, 'active'],
      [11, 'active'],
    ])
    expect(context.activeGroupId).toBe(1000)
    expect(seen).toEqual([
      { step: 'joinGroup', detail: { groupId: 11 } },
      { step: 'notice', detail: { kind: 'info', message: 'You joined the group', caption: 'Owls' } },
    ])
  })

  it('keeps an invitation whose join fails', async () => {
    const { actor, seen } = start(['joinGroup'])
    actor.send({ type: 'group.join', group: { id: 11, name: 'Owls' } })
    await settle()
    expect(selectInvitations(actor.getSnapshot().context)).toEqual([owls, bears])
    expect(selectGroups(actor.getSnapshot().context).map((g) => g.id)).toEqual([1000, 7, 8])
    expect(seen.at(-1)?.detail).toEqual({ kind: 'negative', message: 'Error joining group', caption: 'Owls' })
  })

  it('declines an invitation by leaving: a private one is gone, a public one can still be joined', async () => {
    const { actor, seen } = start()
    actor.send({ type: 'group.leave', group: { id: 11, name: 'Owls' } })
    await settle()
    expect(selectInvitations(actor.getSnapshot().context)).toEqual([bears])
    expect(selectPublicGroups(actor.getSnapshot().context)).toEqual([])
    actor.send({ type: 'group.leave', group: { id: 9, name: 'Bears' } })
    await settle()
    const { context } = actor.getSnapshot()
    expect(selectInvitations(context)).toEqual([])
    expect(selectPublicGroups(context)).toEqual([{ ...bears, memberStatus: null, isAdmin: false }])
    expect(selectGroups(context).map((g) => g.id)).toEqual([1000, 7, 8])
    expect(context.activeGroupId).toBe(1000)
    expect(seen.filter((s) => s.step !== 'notice')).toEqual([
      { step: 'leaveGroup', detail: { groupId: 11 } },
      { step: 'leaveGroup', detail: { groupId: 9 } },
    ])
  })

  it('keeps an invitation whose decline fails', async () => {
    const { actor, seen } = start(['leaveGroup'])
    actor.send({ type: 'group.leave', group: { id: 11, name: 'Owls' } })
    await settle()
    expect(selectInvitations(actor.getSnapshot().context)).toEqual([owls, bears])
    expect(seen.at(-1)?.detail).toEqual({ kind: 'negative', message: 'Error leaving group', caption: 'Owls' })
  })

  it('throws "No active user group is set" while none is', () => {
    const actor = createActor(groupsMachine).start()
    expect(() => selectActiveGroup(actor.getSnapshot().context)).toThrow('No active user group is set')
  })
})
