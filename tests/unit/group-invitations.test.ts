import { describe, expect, it } from 'vitest'
import { isActiveGroupGone, newInvitations } from '../../src/domain/group-invitations'
import { everybodyGroupId } from '../../src/domain/group-rules'
import { gameNotices } from '../../src/machines/game-notices'

describe('the group lists read again', () => {
  it('finds the invitations that came since the last look', () => {
    expect(newInvitations([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 3 }])).toEqual([{ id: 3 }])
    expect(newInvitations([{ id: 1 }], [])).toEqual([])
  })

  it('finds the active group gone from the player groups, never group 1000, never before a session says', () => {
    const groups = [{ id: everybodyGroupId }, { id: 7 }]
    expect(isActiveGroupGone(7, groups, everybodyGroupId)).toBe(false)
    expect(isActiveGroupGone(8, groups, everybodyGroupId)).toBe(true)
    expect(isActiveGroupGone(7, [{ id: everybodyGroupId }], everybodyGroupId)).toBe(true)
    expect(isActiveGroupGone(everybodyGroupId, [], everybodyGroupId)).toBe(false)
    expect(isActiveGroupGone(undefined, [], everybodyGroupId)).toBe(false)
  })

  it('names the inviter in the notice of one invitation, when the server said who it was', () => {
    expect(gameNotices.invitedTo([{ name: 'Trading Desk', invitedBy: 'traderjoe' }]).message).toBe(
      'traderjoe invited you to Trading Desk',
    )
    expect(gameNotices.invitedTo([{ name: 'Trading Desk' }]).message).toBe('You were invited to Trading Desk')
    expect(gameNotices.invitedTo([{ name: 'A', invitedBy: 'x' }, { name: 'B' }]).message).toBe(
      'You were invited to 2 groups',
    )
  })
})
