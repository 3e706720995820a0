import { describe, expect, it } from 'vitest'
import type { GameCall } from '~/actors/game-api'
import { saveGroup } from '~/actors/group-form.actors'
import type { GroupDraft } from '~/machines/group-form.types'
import { group } from '../support/game-fixtures'

function recordingCall() {
  const calls: { name: string; args: unknown }[] = []
  const call = (async (name: string, args: unknown) => {
    calls.push({ name, args })
    return group(9, 'Cup')
  }) as GameCall
  return { call, calls }
}

const eventDraft: GroupDraft = {
  name: ' Cup ',
  publicGroup: true,
  type: 'event',
  endTime: 1_900_000_000_000,
  extraPrize: 5,
  titleRestrictions: [2494, 2793],
}

describe('saving the group form', () => {
  it('creates an event with its end, prize and titles', async () => {
    const { call, calls } = recordingCall()
    await saveGroup(call, { draft: eventDraft })
    expect(calls).toEqual([
      {
        name: 'createGroup',
        args: {
          body: {
            name: 'Cup',
            publicGroup: true,
            type: 'event',
            endTime: 1_900_000_000_000,
            extraPrize: 5,
            titleRestrictions: [2494, 2793],
          },
        },
      },
    ])
  })

  it('saves a changed event with its end and titles (the prize is paid once, at creation)', async () => {
    const { call, calls } = recordingCall()
    await saveGroup(call, { groupId: 9, draft: { ...eventDraft, titleRestrictions: [2793] } })
    expect(calls).toEqual([
      {
        name: 'saveGroup',
        args: {
          params: { groupId: 9 },
          body: {
            group: { name: 'Cup', publicGroup: true, endTime: 1_900_000_000_000, titleRestrictions: [2793] },
          },
        },
      },
    ])
  })

  it('sends no event fields for a user group', async () => {
    const { call, calls } = recordingCall()
    await saveGroup(call, { draft: { ...eventDraft, type: 'userGroup', endTime: undefined } })
    await saveGroup(call, { groupId: 9, draft: { ...eventDraft, type: 'userGroup', endTime: undefined } })
    expect(calls.map(({ args }) => args)).toEqual([
      { body: { name: 'Cup', publicGroup: true, type: 'userGroup' } },
      { params: { groupId: 9 }, body: { group: { name: 'Cup', publicGroup: true } } },
    ])
  })
})
