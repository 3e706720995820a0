import { describe, expect, it } from 'vitest'
import { betOverview } from '~/domain/bet-overview'
import { hottestBets, hottestGroups } from '~/domain/group-recommendations'
import {
  avatarProblem,
  canAdminister,
  canLeave,
  everybodyGroupName,
  groupNameProblem,
  hasAdmin,
} from '~/domain/group-rules'
import { earnsTrophy, periodOfTab, rankingTabOf, trophyOf } from '~/domain/ranking-tabs'
import { group } from '../support/game-fixtures'

const poll = (pollId: number, phase: 'open' | 'closed' | 'evaluated', totalTtcBet: number, endTime = 10) => ({
  pollId,
  titleId: 1,
  endTime,
  phase,
  results: { totalTtcBet },
  votes: [] as unknown[],
})

describe('group recommendations', () => {
  it('hottest bets: open polls only, most TTC first, the one closing first among equals', () => {
    const polls = [
      poll(1, 'open', 5),
      poll(2, 'closed', 50),
      poll(3, 'open', 20),
      poll(4, 'open', 5, 5),
      poll(5, 'open', 1),
    ]
    expect(hottestBets(polls).map((p) => p.pollId)).toEqual([3, 4, 1])
    expect(hottestBets(polls, 1).map((p) => p.pollId)).toEqual([3])
    expect(hottestBets([])).toEqual([])
  })

  it('hottest groups: public ones, most members first, then the newer, then by name', () => {
    const groups = [
      group(1, 'Small', { publicGroup: true, memberCount: 2 }),
      group(2, 'Private', { publicGroup: false, memberCount: 99 }),
      group(3, 'Big', { publicGroup: true, memberCount: 40 }),
      group(4, 'Bravo', { publicGroup: true, memberCount: 10, createdAt: 5 }),
      group(5, 'Alpha', { publicGroup: true, memberCount: 10, createdAt: 5 }),
      group(6, 'Newer', { publicGroup: true, memberCount: 10, createdAt: 9 }),
    ]
    expect(hottestGroups(groups).map((g) => g.name)).toEqual(['Big', 'Newer', 'Alpha'])
  })
})

describe('group rules (spec §5, §6)', () => {
  it('needs a name that is not blank', () => {
    expect(groupNameProblem('')).toBe('name')
    expect(groupNameProblem('   ')).toBe('name')
    expect(groupNameProblem('Bulls')).toBeUndefined()
  })

  it('refuses names with control, invisible or text-direction characters', () => {
    for (const name of [
      'Bulls\u202E',
      '\u200BBulls',
      'Bu\u200Dlls',
      'Bulls\u2066x\u2069',
      'a\nb',
      '\uFEFFBulls',
    ])
      expect(groupNameProblem(name), JSON.stringify(name)).toBe('nameCharacters')
  })

  it("refuses the default group's name in any case or width, and names over 64 characters once normalised", () => {
    expect(everybodyGroupName).toBe('Alpha')
    for (const name of ['Alpha', 'alpha', ' ALPHA ', 'Ａｌｐｈａ', 'ａｌｐｈａ'])
      expect(groupNameProblem(name), name).toBe('nameReserved')
    expect(groupNameProblem('Alpha Bulls')).toBeUndefined()
    expect(groupNameProblem('x'.repeat(64))).toBeUndefined()
    expect(groupNameProblem('x'.repeat(65))).toBe('nameLength')
    // one character in the form, four once normalised
    expect(groupNameProblem('㍿'.repeat(17))).toBe('nameLength')
  })

  it('takes PNG, JPEG and GIF avatars only, by type or, without one, by extension', () => {
    expect(avatarProblem(undefined)).toBeUndefined()
    expect(avatarProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeUndefined()
    expect(avatarProblem({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toBeUndefined()
    expect(avatarProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBeUndefined()
    expect(avatarProblem({ name: 'a.webp', type: 'image/webp', size: 10 })).toBe('avatar')
    expect(avatarProblem({ name: 'a.png', type: 'image/svg+xml', size: 10 })).toBe('avatar')
    expect(avatarProblem({ name: 'a.JPEG', type: '', size: 10 })).toBeUndefined()
    expect(avatarProblem({ name: 'a.txt', type: '', size: 10 })).toBe('avatar')
    expect(avatarProblem({ name: 'a.png', type: 'image/png', size: 300 * 1024 })).toBe('avatarSize')
  })

  it('needs an admin among the members', () => {
    expect(hasAdmin([{ isAdmin: false }, { isAdmin: true }])).toBe(true)
    expect(hasAdmin([{ isAdmin: false }])).toBe(false)
    expect(hasAdmin([])).toBe(false)
  })

  it('lets admins run their groups and members leave, but nobody group 1000', () => {
    expect(canAdminister(group(7, 'T', { isAdmin: true }))).toBe(true)
    expect(canAdminister(group(7, 'T', { isAdmin: false }))).toBe(false)
    expect(canAdminister(group(1000, 'Everybody', { isAdmin: true }))).toBe(false)
    // invited as an admin: no rights before joining, as the server holds
    expect(canAdminister(group(7, 'T', { isAdmin: true, memberStatus: 'invited' }))).toBe(false)
    expect(canLeave(group(7, 'T'))).toBe(true)
    expect(canLeave(group(7, 'T', { memberStatus: 'invited' }))).toBe(false)
    expect(canLeave(group(1000, 'Everybody'))).toBe(false)
  })
})

describe('ranking tabs', () => {
  it('reads the tab of /rankings/{tab}, the real-time one by default', () => {
    expect(rankingTabOf(undefined)).toBe('realtime')
    expect(rankingTabOf('nonsense')).toBe('realtime')
    expect(rankingTabOf('last_week')).toBe('last_week')
    expect(periodOfTab('realtime')).toBeUndefined()
    expect(periodOfTab('all_time')).toBe('all_time')
  })

  it('gives the weekly top three gold, silver and bronce trophies', () => {
    expect([1, 2, 3, 4].map((rank) => trophyOf(rank, 'this_week', 5))).toEqual([
      'gold',
      'silver',
      'bronce',
      undefined,
    ])
    expect(trophyOf(1, 'realtime', 5)).toBe('gold')
    expect(trophyOf(1, 'all_time', 5)).toBeUndefined()
  })

  it('crowns nobody for points not won: everyone tied at 0, or a loss', () => {
    expect(trophyOf(1, 'this_week', 0)).toBeUndefined()
    expect(trophyOf(1, 'last_week', -3)).toBeUndefined()
    expect(trophyOf(2, 'last_week', 0.01)).toBe('silver')
    expect(earnsTrophy(3, 0.01)).toBe(true)
    expect(earnsTrophy(4, 100)).toBe(false)
    expect(earnsTrophy(1, 0)).toBe(false)
  })
})

describe('bet overview', () => {
  it('groups the polls the player bet on by phase, latest end first', () => {
    const bet = [{}]
    const polls = [
      { ...poll(1, 'open', 0, 1), votes: bet },
      { ...poll(2, 'open', 0, 2), votes: bet },
      { ...poll(3, 'closed', 0), votes: bet },
      { ...poll(4, 'evaluated', 0), votes: [] },
    ]
    const overview = betOverview(polls)
    expect(overview.open.map((p) => p.pollId)).toEqual([2, 1])
    expect(overview.closed.map((p) => p.pollId)).toEqual([3])
    expect(overview.evaluated).toEqual([])
  })
})
