import { describe, expect, it } from 'vitest'
import { invitationCodeInSearch } from '../../src/domain/invitation-link'
import {
  canInviteToGroup,
  canOpenAnotherInvitation,
  type InvitingMembership,
  invitationStateOf,
  invitationsLeft,
} from '../../src/domain/invitations'

describe('invitationStateOf', () => {
  const open = { expiresAt: 1000, usedAt: null, withdrawnAt: null }

  it('is open before it expires and expired from that instant on', () => {
    expect(invitationStateOf(open, 999)).toBe('open')
    expect(invitationStateOf(open, 1000)).toBe('expired')
    expect(invitationStateOf(open, 5000)).toBe('expired')
  })

  it('is used once somebody joined with it, even after it would have expired', () => {
    expect(invitationStateOf({ ...open, usedAt: 500 }, 400)).toBe('used')
    expect(invitationStateOf({ ...open, usedAt: 500 }, 5000)).toBe('used')
  })

  it('is withdrawn once its owner took it back, also after its expiry', () => {
    expect(invitationStateOf({ ...open, withdrawnAt: 500 }, 600)).toBe('withdrawn')
    expect(invitationStateOf({ ...open, withdrawnAt: 500 }, 5000)).toBe('withdrawn')
  })
})

describe('canInviteToGroup', () => {
  const member: InvitingMembership = {
    id: 1001,
    publicGroup: true,
    isAdmin: false,
    memberStatus: 'active',
    endTime: null,
  }
  const now = 10_000

  it('lets an active member invite into a public group', () => {
    expect(canInviteToGroup(member, now)).toBe(true)
  })

  it('lets only an active admin invite into a private group', () => {
    expect(canInviteToGroup({ ...member, publicGroup: false }, now)).toBe(false)
    expect(canInviteToGroup({ ...member, publicGroup: false, isAdmin: true }, now)).toBe(true)
  })

  it('refuses players who are only invited or no members, whatever their admin flag', () => {
    expect(canInviteToGroup({ ...member, memberStatus: 'invited', isAdmin: true }, now)).toBe(false)
    expect(canInviteToGroup({ ...member, memberStatus: null }, now)).toBe(false)
  })

  it('refuses the group every player is in and an event that has ended', () => {
    expect(canInviteToGroup({ ...member, id: 1000, isAdmin: true }, now)).toBe(false)
    expect(canInviteToGroup({ ...member, endTime: now + 1 }, now)).toBe(true)
    expect(canInviteToGroup({ ...member, endTime: now }, now)).toBe(false)
  })
})

describe('invitationsLeft', () => {
  it('is the limit less the open ones, never below 0 (a lowered limit)', () => {
    expect(invitationsLeft(2, 5)).toBe(3)
    expect(invitationsLeft(5, 5)).toBe(0)
    expect(invitationsLeft(7, 5)).toBe(0)
  })
})

describe('canOpenAnotherInvitation', () => {
  it('allows open invitations up to the limit, none with a limit of 0', () => {
    expect(canOpenAnotherInvitation(4, 5)).toBe(true)
    expect(canOpenAnotherInvitation(5, 5)).toBe(false)
    expect(canOpenAnotherInvitation(0, 0)).toBe(false)
  })
})

describe('invitationCodeInSearch', () => {
  it('reads the code of a player’s link (invite), else the one a social sign-up came back with', () => {
    expect(invitationCodeInSearch('?invite=ABCD-EFGH')).toBe('ABCD-EFGH')
    expect(invitationCodeInSearch('invitationCode=WXYZ')).toBe('WXYZ')
    expect(invitationCodeInSearch('?invite=ABCD&invitationCode=WXYZ')).toBe('ABCD')
  })

  it('is none without either, or when blank', () => {
    expect(invitationCodeInSearch('')).toBeUndefined()
    expect(invitationCodeInSearch('?next=%2Fpolls')).toBeUndefined()
    expect(invitationCodeInSearch('?invite=%20%20')).toBeUndefined()
  })
})
