import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '~/api/client'
import type { Group } from '~/api/groups'
import type { RankingRow } from '~/api/rankings'
import {
  groupFormMachine,
  selectDraft,
  selectFormProblems,
  selectIsNewGroup,
  selectSaved,
} from '~/machines/group-form.machine'
import type { SubmitGroupInput, UploadAvatarInput } from '~/machines/group-form.types'
import {
  groupMembersMachine,
  selectFoundNobody,
  selectFoundUsers,
  selectMembers,
  selectMembersLoadFailed,
  selectMembersLoading,
  selectNeedsAdmin,
  selectSearchFailed,
} from '~/machines/group-members.machine'
import type { FoundUser, MemberRow, MembersSubmission } from '~/machines/group-members.types'
import { groupsMachine } from '~/machines/groups.machine'
import type { GroupChange } from '~/machines/groups.types'
import type { Notice } from '~/machines/notices'
import { rankingMachine, selectRankingFailed, selectRankingRows } from '~/machines/ranking.machine'
import { group } from '../support/game-fixtures'

const settle = () => new Promise((resolve) => setImmediate(resolve))
const down = new ApiError(503, 'http_503', 'down')
const row = (userId: number): RankingRow => ({
  rank: userId,
  userId,
  username: `u${userId}`,
  points: 1,
  accuracy: 0.5,
})

describe('the ranking loader', () => {
  function start(fail = false) {
    const asked: unknown[] = []
    const machine = rankingMachine.provide({
      actors: {
        fetchRanking: fromPromise(async ({ input }) => {
          asked.push(input)
          if (fail) throw down
          return [row(1)]
        }),
      },
    })
    return { actor: createActor(machine).start(), asked }
  }

  it('loads a period once and again only for another period or group', async () => {
    const { actor, asked } = start()
    actor.send({ type: 'ranking.show', period: 'this_week' })
    await settle()
    actor.send({ type: 'ranking.show', period: 'this_week' })
    actor.send({ type: 'ranking.show', period: 'all_time', groupId: 7 })
    await settle()
    expect(asked).toEqual([{ period: 'this_week' }, { period: 'all_time', groupId: 7 }])
    expect(selectRankingRows(actor.getSnapshot())).toEqual([row(1)])
  })

  it('fails, and loads again on retry', async () => {
    const { actor, asked } = start(true)
    actor.send({ type: 'ranking.show', period: 'last_week' })
    await settle()
    expect(selectRankingFailed(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'ranking.retry' })
    await settle()
    expect(asked).toHaveLength(2)
  })
})

describe('the group form', () => {
  function start(options: { group?: Group; fail?: boolean | ApiError; refuseAvatar?: ApiError } = {}) {
    const seen: { step: string; detail: unknown }[] = []
    const machine = groupFormMachine.provide({
      actors: {
        saveGroup: fromPromise<Group, SubmitGroupInput>(async ({ input }) => {
          seen.push({ step: 'submit', detail: input })
          if (options.fail) throw options.fail === true ? down : options.fail
          return group(input.groupId ?? 42, input.draft.name.trim())
        }),
        uploadAvatar: fromPromise<Group, UploadAvatarInput>(async ({ input }) => {
          seen.push({ step: 'avatar', detail: input.groupId })
          if (options.refuseAvatar) throw options.refuseAvatar
          return { ...group(input.groupId, 'Bulls'), avatarUrl: `/avatars/${input.groupId}` }
        }),
      },
      actions: {
        storeGroup: (_, stored: Group) => seen.push({ step: 'store', detail: stored.id }),
        notify: (_, notice: Notice) => seen.push({ step: 'notice', detail: notice }),
      },
    })
    return { actor: createActor(machine, { input: { group: options.group } }).start(), seen }
  }

  it('sends nothing without a name, and says why', () => {
    const { actor, seen } = start()
    actor.send({ type: 'groupForm.submit' })
    expect(selectFormProblems(actor.getSnapshot())).toEqual({ name: 'name' })
    actor.send({ type: 'groupForm.setName', name: 'Bulls' })
    expect(selectFormProblems(actor.getSnapshot())).toEqual({})
    expect(seen).toEqual([])
  })

  it('refuses an avatar that is no PNG, JPEG or GIF as soon as it is picked', () => {
    const { actor, seen } = start()
    actor.send({ type: 'groupForm.setName', name: 'Bulls' })
    actor.send({ type: 'groupForm.pickAvatar', file: { name: 'a.webp', type: 'image/webp', size: 1 } })
    expect(selectFormProblems(actor.getSnapshot())).toEqual({ avatar: 'avatar' })
    actor.send({ type: 'groupForm.submit' })
    expect(seen).toEqual([])
    actor.send({ type: 'groupForm.pickAvatar', file: { name: 'a.png', type: 'image/png', size: 1 } })
    expect(selectFormProblems(actor.getSnapshot())).toEqual({})
  })

  it('needs an end time for an event', () => {
    const { actor } = start()
    actor.send({ type: 'groupForm.setName', name: 'Cup' })
    actor.send({ type: 'groupForm.setType', groupType: 'event' })
    actor.send({ type: 'groupForm.submit' })
    expect(selectFormProblems(actor.getSnapshot())).toEqual({ endTime: 'endTime' })
  })

  it("chooses an event's titles: each once, in the order added, one taken out again, sent with the event", async () => {
    const { actor, seen } = start()
    actor.send({ type: 'groupForm.setName', name: 'Oil week' })
    actor.send({ type: 'groupForm.setType', groupType: 'event' })
    actor.send({ type: 'groupForm.setEndTime', endTime: 1_900_000_000_000 })
    for (const titleId of [7, 3, 7, 9]) actor.send({ type: 'groupForm.addTitle', titleId })
    actor.send({ type: 'groupForm.removeTitle', titleId: 3 })
    expect(selectDraft(actor.getSnapshot()).titleRestrictions).toEqual([7, 9])
    actor.send({ type: 'groupForm.submit' })
    await settle()
    expect(seen[0]).toMatchObject({
      step: 'submit',
      detail: { draft: { type: 'event', titleRestrictions: [7, 9] } },
    })
  })

  it('starts a changed event from its titles', () => {
    const event = {
      ...group(8, 'Cup'),
      type: 'event' as const,
      endTime: 1_900_000_000_000,
      titleRestrictions: [4, 2],
    }
    const { actor } = start({ group: event })
    expect(selectDraft(actor.getSnapshot())).toMatchObject({ type: 'event', titleRestrictions: [4, 2] })
  })

  it('creates the group, lists it and says so', async () => {
    const { actor, seen } = start()
    actor.send({ type: 'groupForm.setName', name: ' Bulls ' })
    actor.send({ type: 'groupForm.setPublic', publicGroup: true })
    actor.send({ type: 'groupForm.submit' })
    await settle()
    expect(seen).toEqual([
      {
        step: 'submit',
        detail: {
          groupId: undefined,
          draft: {
            name: ' Bulls ',
            publicGroup: true,
            type: 'userGroup',
            endTime: undefined,
            extraPrize: 0,
            titleRestrictions: [],
          },
        },
      },
      { step: 'store', detail: 42 },
      { step: 'notice', detail: { kind: 'info', message: 'Group created', caption: 'Bulls' } },
    ])
    expect(selectSaved(actor.getSnapshot())).toBe(true)
  })

  it('uploads a picked avatar once the group is saved', async () => {
    const { actor, seen } = start()
    actor.send({ type: 'groupForm.setName', name: 'Bulls' })
    actor.send({ type: 'groupForm.pickAvatar', file: { name: 'a.png', type: 'image/png', size: 1 } })
    actor.send({ type: 'groupForm.submit' })
    await settle()
    expect(seen.map(({ step, detail }) => (step === 'notice' ? step : `${step} ${detail}`))).toEqual([
      'submit [object Object]',
      'store 42',
      'notice',
      'avatar 42',
      'store 42',
    ])
    expect(selectSaved(actor.getSnapshot())).toBe(true)
  })

  it('keeps the form on the created group when the server refuses the avatar, so sending again creates no second group', async () => {
    const { actor, seen } = start({
      refuseAvatar: new ApiError(400, 'avatar_type', 'Avatar must be a PNG, JPEG or GIF.'),
    })
    actor.send({ type: 'groupForm.setName', name: 'Bulls' })
    // a text file named .png: the browser calls it image/png, the server reads the bytes
    actor.send({ type: 'groupForm.pickAvatar', file: { name: 'fake.png', type: 'image/png', size: 9 } })
    actor.send({ type: 'groupForm.submit' })
    await settle()
    expect(selectSaved(actor.getSnapshot())).toBe(false)
    expect(selectIsNewGroup(actor.getSnapshot())).toBe(false)
    expect(selectFormProblems(actor.getSnapshot())).toEqual({ avatar: 'avatar' })
    expect(seen.at(-1)).toEqual({
      step: 'notice',
      detail: {
        kind: 'negative',
        message: 'Error saving group',
        caption: 'Avatar must be a PNG, JPEG or GIF.',
      },
    })
    seen.length = 0
    actor.send({ type: 'groupForm.pickAvatar', file: { name: 'real.png', type: 'image/png', size: 9 } })
    actor.send({ type: 'groupForm.submit' })
    await settle()
    const submitted = seen.find(({ step }) => step === 'submit')?.detail as SubmitGroupInput
    expect(submitted.groupId).toBe(42)
  })

  it('says nothing about the file when the upload fails for another reason', async () => {
    const { actor } = start({ refuseAvatar: new ApiError(0, 'network_error', 'offline') })
    actor.send({ type: 'groupForm.setName', name: 'Bulls' })
    actor.send({ type: 'groupForm.pickAvatar', file: { name: 'a.png', type: 'image/png', size: 9 } })
    actor.send({ type: 'groupForm.submit' })
    await settle()
    expect(actor.getSnapshot().value).toBe('editing')
    expect(selectFormProblems(actor.getSnapshot())).toEqual({})
  })

  it('says why when the server refuses the group', async () => {
    const { actor, seen } = start({
      fail: new ApiError(400, 'validation_failed', 'The end time of an event must be in the future.'),
    })
    actor.send({ type: 'groupForm.setName', name: 'Cup' })
    actor.send({ type: 'groupForm.submit' })
    await settle()
    expect(seen.at(-1)).toEqual({
      step: 'notice',
      detail: {
        kind: 'negative',
        message: 'Error saving group',
        caption: 'The end time of an event must be in the future.',
      },
    })
  })

  it('keeps the form open with a negative notice when the save fails', async () => {
    const { actor, seen } = start({ group: group(7, 'Traders'), fail: true })
    actor.send({ type: 'groupForm.submit' })
    await settle()
    expect(seen.at(-1)).toEqual({
      step: 'notice',
      detail: { kind: 'negative', message: 'Error saving group', caption: 'Traders' },
    })
    expect(selectSaved(actor.getSnapshot())).toBe(false)
  })
})

describe('the members and admins dialog', () => {
  function start(options: { failLoad?: boolean; failSearch?: boolean; onlyMembers?: boolean } = {}) {
    const submitted: MembersSubmission[] = []
    const machine = groupMembersMachine.provide({
      actors: {
        loadMembers: fromPromise<readonly MemberRow[], { readonly groupId: number }>(async () => {
          if (options.failLoad) throw down
          return [
            { userId: 5, username: 'ann', isAdmin: true, status: 'active' as const },
            { userId: 6, username: 'bob', isAdmin: false, status: 'active' as const },
          ]
        }),
        searchUsers: fromPromise<readonly FoundUser[], { readonly name: string }>(async () => {
          if (options.failSearch) throw down
          if (options.onlyMembers) return [{ id: 6, username: 'bob' }]
          return [
            { id: 6, username: 'bob' },
            { id: 9, username: 'cat' },
          ]
        }),
      },
      actions: { submitMembers: (_, submission: MembersSubmission) => submitted.push(submission) },
    })
    const actor = createActor(machine, { input: { group: { id: 7, name: 'Traders' } } }).start()
    return { actor, submitted }
  }

  it('reads the members again with the group lists, keeping the rows while it reads and when it fails', async () => {
    let rows: MemberRow[] = [{ userId: 5, username: 'ann', isAdmin: true, status: 'active' }]
    let fail = false
    const machine = groupMembersMachine.provide({
      actors: {
        loadMembers: fromPromise<readonly MemberRow[], { readonly groupId: number }>(async () => {
          if (fail) throw down
          return rows
        }),
      },
    })
    const actor = createActor(machine, { input: { group: { id: 7, name: 'Traders' } } }).start()
    await settle()
    expect(selectMembers(actor.getSnapshot()).map((m) => m.username)).toEqual(['ann'])
    // bob joined: the lists' read brought a new member count, the rows follow
    rows = [...rows, { userId: 6, username: 'bob', isAdmin: false, status: 'active' }]
    actor.send({ type: 'members.reload' })
    expect(selectMembersLoading(actor.getSnapshot())).toBe(false)
    expect(selectMembers(actor.getSnapshot()).map((m) => m.username)).toEqual(['ann'])
    await settle()
    expect(selectMembers(actor.getSnapshot()).map((m) => m.username)).toEqual(['ann', 'bob'])
    fail = true
    actor.send({ type: 'members.reload' })
    await settle()
    expect(selectMembers(actor.getSnapshot()).map((m) => m.username)).toEqual(['ann', 'bob'])
    expect(selectMembersLoadFailed(actor.getSnapshot())).toBe(false)
  })

  it('refuses a list without an admin and sends nothing', async () => {
    const { actor, submitted } = start()
    await settle()
    actor.send({ type: 'members.toggleAdmin', userId: 5 })
    actor.send({ type: 'members.save' })
    expect(selectNeedsAdmin(actor.getSnapshot())).toBe(true)
    expect(submitted).toEqual([])
    actor.send({ type: 'members.toggleAdmin', userId: 6 })
    expect(selectNeedsAdmin(actor.getSnapshot())).toBe(false)
  })

  it('says so when a search finds nobody to add (members already listed do not count)', async () => {
    const { actor } = start({ onlyMembers: true })
    await settle()
    expect(selectFoundNobody(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'members.search', name: 'bo' })
    await settle()
    expect(selectFoundUsers(actor.getSnapshot())).toEqual([])
    expect(selectFoundNobody(actor.getSnapshot())).toBe(true)
  })

  it('adds a found player, removes one and hands the list over', async () => {
    const { actor, submitted } = start()
    await settle()
    actor.send({ type: 'members.search', name: '  ' })
    actor.send({ type: 'members.search', name: 'c' })
    await settle()
    expect(selectFoundUsers(actor.getSnapshot())).toEqual([{ id: 9, username: 'cat' }])
    actor.send({ type: 'members.add', user: { id: 9, username: 'cat' } })
    actor.send({ type: 'members.remove', userId: 6 })
    expect(selectMembers(actor.getSnapshot()).map((m) => [m.username, m.status])).toEqual([
      ['ann', 'active'],
      ['cat', 'invited'],
    ])
    actor.send({ type: 'members.save' })
    expect(submitted).toEqual([
      {
        group: { id: 7, name: 'Traders' },
        members: [
          { userId: 5, isAdmin: true },
          { userId: 9, isAdmin: false },
        ],
      },
    ])
    expect(actor.getSnapshot().status).toBe('done')
  })

  it('tells a failed load and a failed search apart', async () => {
    const failedLoad = start({ failLoad: true })
    await settle()
    expect(selectMembersLoadFailed(failedLoad.actor.getSnapshot())).toBe(true)
    const failedSearch = start({ failSearch: true })
    await settle()
    failedSearch.actor.send({ type: 'members.search', name: 'c' })
    await settle()
    expect(selectSearchFailed(failedSearch.actor.getSnapshot())).toBe(true)
  })
})

describe('the groups machine: joining and stored groups', () => {
  function start(fail = false) {
    const notices: Notice[] = []
    const bears = group(9, 'Bears', { publicGroup: true, memberStatus: null, isAdmin: false })
    const machine = groupsMachine.provide({
      actors: {
        changeGroup: fromPromise<Group | undefined, GroupChange>(async () => {
          if (fail) throw down
          return { ...bears, memberStatus: 'active' as const }
        }),
      },
      actions: { notify: (_, notice: Notice) => notices.push(notice), resetStores: () => {} },
    })
    const actor = createActor(machine).start()
    actor.send({
      type: 'groups.received',
      groups: [group(1000, 'Everybody')],
      invitations: [],
      publicGroups: [bears],
      activeGroupId: 1000,
    })
    return { actor, notices }
  }

  it('moves a joined public group to the player’s groups', async () => {
    const { actor, notices } = start()
    actor.send({ type: 'group.join', group: { id: 9, name: 'Bears' } })
    await settle()
    const { groups, publicGroups } = actor.getSnapshot().context
    expect(groups.map((g) => g.id)).toEqual([1000, 9])
    expect(publicGroups).toEqual([])
    expect(notices).toEqual([{ kind: 'info', message: 'You joined the group', caption: 'Bears' }])
  })

  it('keeps the lists and says so when joining fails', async () => {
    const { actor, notices } = start(true)
    actor.send({ type: 'group.join', group: { id: 9, name: 'Bears' } })
    await settle()
    expect(actor.getSnapshot().context.publicGroups).toHaveLength(1)
    expect(notices).toEqual([{ kind: 'negative', message: 'Error joining group', caption: 'Bears' }])
  })

  it('adds a created group and replaces a changed one', () => {
    const { actor } = start()
    actor.send({ type: 'group.stored', group: group(42, 'New') })
    actor.send({ type: 'group.stored', group: group(1000, 'Everybody', { avatarUrl: 'x.png' }) })
    const { groups } = actor.getSnapshot().context
    expect(groups.map((g) => [g.id, g.avatarUrl])).toEqual([
      [1000, 'x.png'],
      [42, null],
    ])
  })
})
