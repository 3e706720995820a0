import { describe, expect, it } from 'vitest'
import {
  eventPrizeReturnedNews,
  eventPrizeWonNews,
  friendJoinedNews,
  groupHandedOverNews,
  groupNews,
  newsChannels,
  trophyNews,
} from '~/domain/important-messages'
import { formatTtc } from '~/domain/number-format'

describe('important messages', () => {
  it("names a week's trophy by its place, the group and what was won", () => {
    const news = { groupName: 'Night Owls', weekLabel: 'Monday, November 23', points: 12.5 }
    expect(trophyNews({ ...news, rank: 1 })).toEqual({
      subject: 'You won Gold in Night Owls',
      lines: [
        'You finished the week of Monday, November 23 in first place in Night Owls, with 12.50 TTC won.',
        'Your Gold trophy is on your profile now.',
      ],
    })
    expect(trophyNews({ ...news, rank: 3 }).subject).toBe('You won Bronze in Night Owls')
    expect(trophyNews({ ...news, rank: 3 }).lines[0]).toContain('in third place')
    expect(() => trophyNews({ ...news, rank: 4 })).toThrow(RangeError)
  })

  it('tells the inviter who joined, and in which group', () => {
    expect(friendJoinedNews({ friend: 'bob', groupName: null })).toEqual({
      subject: 'bob joined Alpha with your invitation',
      lines: ['bob signed up with your invitation.'],
    })
    expect(friendJoinedNews({ friend: 'bob', groupName: 'Night Owls' }).lines).toEqual([
      'bob signed up with your invitation and plays in Night Owls with you.',
    ])
  })

  it("tells a player what an admin's change to a group did to them, and leads to Groups", () => {
    const change = { admin: 'alice', groupName: 'Night Owls' }
    expect(groupNews('invited', change)).toEqual({
      subject: 'alice invited you to Night Owls',
      lines: [
        'alice invited you to play in Night Owls.',
        'Open Groups in Alpha to join the group or decline.',
      ],
      path: '/groups',
    })
    expect(groupNews('madeAdmin', change)).toEqual({
      subject: 'alice made you an admin of Night Owls',
      lines: [
        'alice made you an admin of Night Owls.',
        "You can invite and remove members and change the group's settings under Groups.",
      ],
      path: '/groups',
    })
    expect(groupNews('removed', change)).toEqual({
      subject: 'alice removed you from Night Owls',
      lines: [
        'alice removed you from the members of Night Owls.',
        'Your predictions, bets and TTC are not affected.',
      ],
      path: '/groups',
    })
    expect(groupNews('deleted', change)).toEqual({
      subject: 'alice deleted Night Owls',
      lines: [
        'alice deleted the group Night Owls, so it is gone from your groups.',
        'Your predictions, bets and TTC are not affected.',
      ],
      path: '/groups',
    })
  })

  it('tells the member a group passes to, when its last admin left Alpha, that it is theirs to run now', () => {
    expect(groupHandedOverNews({ groupName: 'Night Owls' })).toEqual({
      subject: 'You are now the admin of Night Owls',
      lines: [
        'The last admin of Night Owls left Alpha, and as its longest-standing member you are its admin now.',
        "You can invite and remove members and change the group's settings under Groups.",
      ],
      path: '/groups',
    })
  })

  it('tells an event’s winner the prize they won, and its creator a prize nobody won', () => {
    expect(eventPrizeWonNews({ groupName: 'Monday Sprint', ttc: 12.5 })).toEqual({
      subject: 'You won the prize of Monday Sprint',
      lines: [
        `You finished Monday Sprint in first place and won its extra prize of ${formatTtc(12.5)}.`,
        'It is in your balance now.',
      ],
    })
    expect(eventPrizeReturnedNews({ groupName: 'Monday Sprint', ttc: 2 })).toEqual({
      subject: 'The prize of Monday Sprint went back to you',
      lines: [
        'Monday Sprint ended with nobody in its ranking, so nobody won its extra prize.',
        `Its ${formatTtc(2)} are back in your balance.`,
      ],
    })
  })

  it('mails only to a confirmed address that asked, and pushes to whoever asked', () => {
    expect(newsChannels({ email: true, push: true }, true)).toEqual({ mail: true, push: true })
    expect(newsChannels({ email: true, push: false }, false)).toEqual({ mail: false, push: false })
    expect(newsChannels({ email: false, push: true }, false)).toEqual({ mail: false, push: true })
  })
})
