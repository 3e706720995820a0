import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { foldRankingDays } from '../../server/game/ranking-days'
import { periodScope, playerScores } from '../../server/game/rankings'
import { awardWeeklyTrophies } from '../../server/game/trophies'
import type { ActivityStreamElement } from '../../src/api/activity'
import { defaultGroupId, type Group } from '../../src/api/groups'
import type { Poll } from '../../src/api/polls'
import type { RankingRow, RecentChampion } from '../../src/api/rankings'
import type { GameState } from '../../src/api/state'
import type { AuthUser, PublicUser } from '../../src/api/users'
import { formatLongDate } from '../../src/domain/date-format'
import { formatTtc } from '../../src/domain/number-format'
import type { PlayerScore } from '../../src/domain/ranking'
import { rankingPeriods } from '../../src/domain/ranking-periods'
import { askNewsByMail, confirmEmailOf, type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { advanceClockTo, bet, type Pair, PairSource, tag } from '../support/game'
import { addActiveMembers, createGroup, groupRow, groupsPath } from '../support/groups'
import { bitcoin, moneyInGame, nextLocalTime } from '../support/polls'
import { PricedMarket } from '../support/priced-market'
import { startTestServer, type TestServer } from '../support/test-server'

const minute = 60_000
type WinnersElement = Extract<ActivityStreamElement, { type: 'UserGroupWinners' }>
const hour = 60 * minute

/**
 * Rankings, trophies, badges, champions and the event prize, driven through HTTP with the test clock
 * over one weekend: Saturday's bets and predictions make last week, Sunday night's evaluations after
 * midnight make the new one.
 */
describe.each(dialects)('rankings and trophies on %s', (dialect) => {
  let server: TestServer
  let market: PricedMarket
  let pairs: PairSource
  /** priceAt per title and time, for the poll title and the predicted ones */
  const prices = new Map<number, (at: number) => number>()
  let a: SignedUp
  let b: SignedUp
  let c: SignedUp
  let d: SignedUp
  let e: SignedUp
  let f: SignedUp
  let g: SignedUp
  let club: Group
  let pair: Group
  let saturday: number
  let sunday: number

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { ALPHA_POLL_TITLES: String(bitcoin) },
      market: (simulated) => {
        market = new PricedMarket(simulated)
        market.priceAtOverride = (id, at) => prices.get(id)?.(at) ?? 'inner'
        return market
      },
    })
    // Start on a Monday, whatever today is: the groups then exist in one ISO week only (the one the
    // weekend below belongs to), so the trophy job has exactly that week to look at.
    await advanceClockTo(server, nextLocalTime(server.clock.now(), '09:00', [1]))
    pairs = new PairSource(server, [bitcoin])
    ;[a, b, c, d, e, f, g] = (await Promise.all(Array.from({ length: 7 }, () => signUpPlayer(server)))) as [
      SignedUp,
      SignedUp,
      SignedUp,
      SignedUp,
      SignedUp,
      SignedUp,
      SignedUp,
    ]
    // a asked for important messages by e-mail; c confirmed but did not ask; d asked, never confirmed
    for (const confirmed of [a, c]) await confirmEmailOf(server, confirmed)
    for (const asking of [a, d]) await askNewsByMail(asking)
    club = await createGroup(a, { name: 'Night Owls' })
    await addActiveMembers(a, club.id, [b, c])
    pair = await createGroup(d, { name: 'Two of Us', publicGroup: true })
    await addActiveMembers(d, pair.id, [e])
    saturday = nextLocalTime(server.clock.now(), '14:30', [6], 10 * minute)
    sunday = saturday + 31 * hour + 30 * minute // Sunday 22:00
    // The poll opens at 100 and is decided at 110: up wins.
    prices.set(bitcoin, (at) => (at >= saturday + 6 * hour ? 110 : 100))
  })
  afterAll(() => server.stop())

  /** Fresh pairs whose title is at 100 now and at 110 when evaluated: Up is right, Down wrong. */
  async function risingPairs(count: number): Promise<Pair[]> {
    const taken = await pairs.take(count)
    for (const { titleId } of taken) {
      market.pinLast(titleId, 100)
      prices.set(titleId, () => 110)
    }
    return taken
  }

  async function ranking(player: SignedUp, period: string, groupId = defaultGroupId) {
    const answer = await player.client.get<RankingRow[]>(
      `/v1/stockgame/rankings?groupId=${groupId}&period=${period}`,
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.map((row) => [row.username, row.rank, row.points, row.accuracy])
  }

  const me = async (player: SignedUp) => (await player.client.get<AuthUser>('/v1/auth/info')).body

  async function expectMoneyConserved() {
    const money = await moneyInGame(server)
    expect(money.lowestBalance).toBeGreaterThanOrEqual(0)
    expect(money.wallets + money.openPots).toBe(money.created)
  }

  it('ranks by points won and accuracy in the week, ties sharing a rank', async () => {
    await advanceClockTo(server, saturday + 1000)
    const poll = (await a.client.get<Poll[]>('/v1/stockgame/polls')).body.find(
      (p) => p.startTime === saturday,
    )
    if (!poll) throw new Error('no Saturday poll')
    await bet(a, poll, 'up', 10)
    await bet(b, poll, 'down', 10)
    await bet(c, poll, 'up', 10)
    const [p1, p2, p3, p4] = (await risingPairs(4)) as [Pair, Pair, Pair, Pair]
    await tag(a, p1, 'Up')
    await tag(b, p2, 'Down')
    await tag(d, p3, 'Up')
    await tag(e, p4, 'Up')
    // Nothing decided yet: nobody is ranked.
    expect(await ranking(a, 'this_week')).toEqual([])

    await advanceClockTo(server, saturday + 6 * hour + minute)
    // a: +5 from the pot of 30 shared with c, +1 for the prediction; c: +5; d and e: +1 each; b lost 10
    expect(await ranking(a, 'this_week')).toEqual([
      [a.username, 1, 6, 1],
      [c.username, 2, 5, 0],
      ...[
        [d.username, 3, 1, 1],
        [e.username, 3, 1, 1],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]), 'en-US')),
      [b.username, 5, -10, 0],
    ])
    expect(await ranking(a, 'last_week')).toEqual([])
    expect((await me(a)).liveRank).toBe(1)
    expect((await me(b)).liveRank).toBe(5)
    expect((await me(g)).liveRank).toBe(0)
    await expectMoneyConserved()
  })

  it('moves the week on at Monday 00:00 local time: an evaluation after midnight counts in the new week', async () => {
    await advanceClockTo(server, sunday)
    const [p5, p6] = (await risingPairs(2)) as [Pair, Pair]
    await tag(f, p5, 'Up')
    await tag(a, p6, 'Down')
    // due Monday 01:00
    await advanceClockTo(server, sunday + 3 * hour + 2 * minute)
    expect(await ranking(f, 'this_week')).toEqual([
      [f.username, 1, 1, 1],
      [a.username, 2, 0, 0],
    ])
    const lastWeek = await ranking(f, 'last_week')
    expect(lastWeek.map((row) => row[0])).toEqual([
      a.username,
      c.username,
      ...[d.username, e.username].sort((x, y) => x.localeCompare(y, 'en-US')),
      b.username,
    ])
    expect(lastWeek[0]).toEqual([a.username, 1, 6, 1])
    const allTime = await ranking(f, 'all_time')
    expect(allTime[0]).toEqual([a.username, 1, 6, 0.5])
    expect(allTime[1]).toEqual([c.username, 2, 5, 0])
    expect(allTime.slice(2, 5).map((row) => [row[1], row[2], row[3]])).toEqual([
      [3, 1, 1],
      [3, 1, 1],
      [3, 1, 1],
    ])
    expect(allTime[5]).toEqual([b.username, 6, -10, 0])
    // rank: last week's, liveRank: this week's (group 1000)
    expect(await me(a)).toMatchObject({ rank: 1, liveRank: 2 })
    expect(await me(f)).toMatchObject({ rank: 0, liveRank: 1 })
    const profile = await g.client.get<PublicUser>(`/v1/users/${a.user.id}`)
    expect(profile.body).toMatchObject({ rank: 1, liveRank: 2 })
  })

  it('awards last week once: gold, silver and bronce to the top 3 with points won, in groups with 3 active players', async () => {
    const trophies = async () =>
      (
        await server.ctx.db
          .selectFrom('trophies')
          .select(['groupId', 'userId', 'rank', 'points'])
          .orderBy('groupId')
          .orderBy('rank')
          .orderBy('userId')
          .execute()
      ).map((t) => [t.groupId, t.userId, t.rank, Number(t.points)])
    const expected = [
      [club.id, a.user.id, 1, 600],
      [club.id, c.user.id, 2, 500],
      // b is third in the club with a loss of 10: no bronce for points not won
      [defaultGroupId, a.user.id, 1, 600],
      [defaultGroupId, c.user.id, 2, 500],
      [defaultGroupId, d.user.id, 3, 100],
      [defaultGroupId, e.user.id, 3, 100],
    ].sort(
      (x, y) =>
        (x[0] as number) - (y[0] as number) ||
        (x[2] as number) - (y[2] as number) ||
        (x[1] as number) - (y[1] as number),
    )
    expect(await trophies()).toEqual(expected)
    // the one medalist who asked for important messages by e-mail and confirmed the address hears of both
    const weekLabel = formatLongDate((await awardedWeek(club.id)).weekStart, server.ctx.config.timeZone)
    const trophyMails = server.mailer.sent
      .filter((mail) => mail.subject.startsWith('You won'))
      .map((mail) => [mail.to, mail.subject, mail.text.split('\n')[2]])
    expect(trophyMails.sort()).toEqual(
      ['Alpha', 'Night Owls'].map((group) => [
        a.email,
        `You won Gold in ${group}`,
        `You finished the week of ${weekLabel} in first place in ${group}, with 6.00 TTC won.`,
      ]),
    )
    // The pair's group had two active players: looked at, no trophies.
    const weeks = await server.ctx.db
      .selectFrom('trophyWeeks')
      .selectAll()
      .where('groupId', '=', pair.id)
      .execute()
    expect(weeks.map((w) => w.activePlayers)).toEqual([2])

    await advanceClockTo(server, server.clock.now() + hour)
    expect(await awardWeeklyTrophies(server.ctx, server.clock.now())).toBe(0)
    expect(await trophies()).toEqual(expected)
    expect(server.mailer.sent.filter((mail) => mail.subject.startsWith('You won'))).toHaveLength(2)
  })

  /** The UserGroupWinners elements of the player's stream, with `groupId` made their active group. */
  async function winnersIn(player: SignedUp, groupId: number) {
    expect((await player.client.patch('/v1/session', { activeGroupId: groupId })).status).toBe(200)
    const stream = await player.client.get<ActivityStreamElement[]>('/v1/stockgame/activity?limit=100')
    expect(stream.status).toBe(200)
    return stream.body.filter((element): element is WinnersElement => element.type === 'UserGroupWinners')
  }

  async function awardedWeek(groupId: number) {
    const week = await server.ctx.db
      .selectFrom('trophyWeeks')
      .select(['weekStart', 'awardedAt'])
      .where('groupId', '=', groupId)
      .orderBy('weekStart', 'desc')
      .executeTakeFirstOrThrow()
    return { weekStart: Number(week.weekStart), awardedAt: Number(week.awardedAt) }
  }

  it('announces each group’s winners of the week once in its own activity stream and chronic', async () => {
    const week = await awardedWeek(club.id)
    const clubWinners = await winnersIn(c, club.id)
    expect(clubWinners).toEqual([
      {
        type: 'UserGroupWinners',
        timestamp: week.awardedAt,
        data: {
          groupId: club.id,
          groupName: 'Night Owls',
          weekStart: week.weekStart,
          winners: [
            { userId: a.user.id, username: a.username, rank: 1, points: 6 },
            { userId: c.user.id, username: c.username, rank: 2, points: 5 },
          ],
        },
      },
    ])
    const everyone = await winnersIn(g, defaultGroupId)
    expect(everyone.map((element) => element.data)).toEqual([
      {
        groupId: defaultGroupId,
        groupName: 'Alpha',
        weekStart: week.weekStart,
        winners: [
          { userId: a.user.id, username: a.username, rank: 1, points: 6 },
          { userId: c.user.id, username: c.username, rank: 2, points: 5 },
          ...[d, e]
            .map((p) => ({ userId: p.user.id, username: p.username, rank: 3, points: 1 }))
            .sort((x, y) => x.username.localeCompare(y.username, 'en-US')),
        ],
      },
    ])
    // two active players: the week was looked at, nobody won, nothing to announce
    expect(await winnersIn(d, pair.id)).toEqual([])
    const state = await c.client.get<GameState>('/v1/stockgame/state')
    expect(state.body.chronic.filter((element) => element.type === 'UserGroupWinners')).toEqual(clubWinners)
  })

  it('announces a week once when two trophy jobs award it at the same moment', async () => {
    // the week awarded afresh by two runs at once, as by two server processes
    const { weekStart } = await awardedWeek(club.id)
    await server.ctx.db.deleteFrom('trophies').where('weekStart', '=', weekStart).execute()
    await server.ctx.db.deleteFrom('trophyWeeks').where('weekStart', '=', weekStart).execute()
    const now = server.clock.now()
    const runs = await Promise.all([
      awardWeeklyTrophies(server.ctx, now),
      awardWeeklyTrophies(server.ctx, now),
    ])
    expect(runs[0] + runs[1]).toBe(6)
    for (const [player, groupId] of [
      [c, club.id],
      [g, defaultGroupId],
    ] as const) {
      const announced = await winnersIn(player, groupId)
      expect(announced.map((element) => [element.timestamp, element.data.weekStart])).toEqual([
        [now, weekStart],
      ])
    }
  })

  it('shows trophies as badges {groupName, rank, count} in the user payload', async () => {
    expect((await me(a)).userBadges).toEqual([
      { groupName: 'Alpha', rank: 1, count: 1 },
      { groupName: 'Night Owls', rank: 1, count: 1 },
    ])
    expect((await me(b)).userBadges).toEqual([])
    expect((await me(d)).userBadges).toEqual([{ groupName: 'Alpha', rank: 3, count: 1 }])
    expect((await me(f)).userBadges).toEqual([])
    const found = await g.client.get<PublicUser[]>(`/v1/users?name=${encodeURIComponent(c.username)}`)
    expect(found.body[0]?.userBadges).toEqual([
      { groupName: 'Alpha', rank: 2, count: 1 },
      { groupName: 'Night Owls', rank: 2, count: 1 },
    ])
  })

  it('names last week’s top three of group 1000 as recent champions, by rank', async () => {
    const answer = await g.client.get<RecentChampion[]>('/v1/stockgame/champions')
    expect(answer.status).toBe(200)
    expect(answer.body.map((row) => [row.rank, row.points])).toEqual([
      [1, 6],
      [2, 5],
      [3, 1],
    ])
    expect(answer.body[0]).toMatchObject({ username: a.username, userId: a.user.id })
    expect(answer.body[1]?.username).toBe(c.username)
    expect([d.username, e.username]).toContain(answer.body[2]?.username)
    expect((await server.app.inject({ method: 'GET', url: '/v1/stockgame/champions' })).statusCode).toBe(401)
  })

  it('shows a private group’s ranking to its members only; the active group by default', async () => {
    expect(await ranking(b, 'last_week', club.id)).toEqual([
      [a.username, 1, 6, 1],
      [c.username, 2, 5, 0],
      [b.username, 3, -10, 0],
    ])
    const outsider = await g.client.get<{ error: { code: string } }>(
      `/v1/stockgame/rankings?groupId=${club.id}&period=last_week`,
    )
    expect(outsider.status).toBe(403)
    expect(outsider.body.error.code).toBe('not_group_member')
    // a public group's ranking is anybody's to see
    expect((await ranking(g, 'last_week', pair.id)).map((row) => row[0]).sort()).toEqual(
      [d.username, e.username].sort(),
    )
    expect((await g.client.get('/v1/stockgame/rankings?groupId=999999')).status).toBe(404)
    expect((await g.client.get('/v1/stockgame/rankings?period=yesterday')).status).toBe(400)
    expect((await g.client.get('/v1/stockgame/rankings?groupId=2147483648')).status).toBe(400)

    expect((await b.client.patch('/v1/session', { activeGroupId: club.id })).status).toBe(200)
    const active = await b.client.get<RankingRow[]>('/v1/stockgame/rankings?period=last_week')
    expect(active.body.map((row) => row.username)).toEqual([a.username, c.username, b.username])
    const defaultPeriod = await b.client.get<RankingRow[]>('/v1/stockgame/rankings')
    expect(defaultPeriod.body.map((row) => row.username)).toEqual([a.username])
  })

  it('pays an ended event’s extra prize to its best player over the event, once, and tells them', async () => {
    const event = await createGroup(g, {
      name: 'Monday Sprint',
      type: 'event',
      publicGroup: true,
      endTime: server.clock.now() + 6 * hour,
      extraPrize: 5,
    })
    // nobody plays in this one: its prize goes back to its creator
    const empty = await createGroup(g, {
      name: 'Empty Sprint',
      type: 'event',
      endTime: server.clock.now() + 6 * hour,
      extraPrize: 2,
    })
    for (const player of [f, g]) {
      await confirmEmailOf(server, player)
      await askNewsByMail(player)
    }
    for (const player of [a, f]) {
      const joined = await player.client.post(`${groupsPath}/${event.id}/join`)
      expect(joined.status).toBe(200)
    }
    const [p7, p8] = (await risingPairs(2)) as [Pair, Pair]
    await tag(f, p7, 'Up')
    await tag(a, p8, 'Down')
    const before = (await me(f)).wallet.balance
    await advanceClockTo(server, (event.endTime as number) + minute)
    expect(await ranking(f, 'all_time', event.id)).toEqual([
      [f.username, 1, 1, 1],
      [a.username, 2, 0, 0],
    ])
    // the prediction's reward and the prize
    expect((await me(f)).wallet.balance).toBeCloseTo(before + 1 + 5, 2)
    const paid = await server.ctx.db
      .selectFrom('userGroups')
      .select('prizePaidAt')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow()
    expect(paid.prizePaidAt).not.toBeNull()
    await advanceClockTo(server, server.clock.now() + hour)
    expect((await me(f)).wallet.balance).toBeCloseTo(before + 6, 2)
    await expectMoneyConserved()
    const prizeMails = (player: SignedUp) =>
      server.mailer.sent.filter((mail) => mail.to === player.email && mail.subject.includes('prize of'))
    expect(prizeMails(f).map((mail) => mail.subject)).toEqual(['You won the prize of Monday Sprint'])
    expect(prizeMails(f)[0]?.text).toContain(`won its extra prize of ${formatTtc(5)}`)
    expect(prizeMails(g).map((mail) => mail.subject)).toEqual(['The prize of Empty Sprint went back to you'])
    expect((await groupRow(server, empty.id))?.prizePaidAt).not.toBeNull()
  })
  it('adds up the same from ranking_days as from the predictions and bets themselves', async () => {
    const byUser = (scores: PlayerScore[]) => [...scores].sort((x, y) => x.userId - y.userId)
    for (const groupId of [defaultGroupId, club.id, pair.id]) {
      const group = await server.ctx.db
        .selectFrom('userGroups')
        .selectAll()
        .where('id', '=', groupId)
        .executeTakeFirstOrThrow()
      for (const period of rankingPeriods) {
        const scope = periodScope(group, period, server.clock.now(), server.ctx.config.timeZone)
        expect(scope.byDay).toBe(true)
        const folded = await playerScores(server.ctx.db, scope)
        const direct = await playerScores(server.ctx.db, { ...scope, byDay: false })
        expect(byUser(folded), `${groupId} ${period}`).toEqual(byUser(direct))
      }
    }
    // while nothing is decided, folding writes nothing: rankings keep their version
    const marks = () => server.ctx.db.selectFrom('rankingFolds').selectAll().orderBy('kind').execute()
    const before = await marks()
    await advanceClockTo(server, server.clock.now() + 1000)
    expect(await marks()).toEqual(before)
  })

  it('folds everything again, totals too, when the days are cut in another zone', async () => {
    const db = server.ctx.db
    const allTime = async () => {
      const group = await db
        .selectFrom('userGroups')
        .selectAll()
        .where('id', '=', defaultGroupId)
        .executeTakeFirstOrThrow()
      const scope = periodScope(group, 'all_time', server.clock.now(), server.ctx.config.timeZone)
      return [...(await playerScores(db, scope))].sort((x, y) => x.userId - y.userId)
    }
    const before = await allTime()
    expect(before.length).toBeGreaterThan(0)
    const dayStarts = async () =>
      (await db.selectFrom('rankingDays').select('dayStart').distinct().execute())
        .map((d) => Number(d.dayStart))
        .sort((x, y) => x - y)
    const ownZoneDays = await dayStarts()
    for (const timeZone of ['Pacific/Kiritimati', server.ctx.config.timeZone]) {
      await foldRankingDays({ db, config: { timeZone } }, server.clock.now())
      expect(
        (await db.selectFrom('rankingFolds').select('timeZone').execute()).map((f) => f.timeZone),
      ).toEqual([timeZone, timeZone])
      // the same totals whatever the zone (only the days move), each player's days summed once
      expect(await allTime()).toEqual(before)
      const days = await db.selectFrom('rankingDays').select(['userId', 'points']).execute()
      const totals = await db.selectFrom('rankingTotals').select(['userId', 'points']).execute()
      for (const total of totals) {
        const summed = days
          .filter((d) => d.userId === total.userId)
          .reduce((sum, d) => sum + Number(d.points), 0)
        expect(Number(total.points)).toBe(summed)
      }
      if (timeZone !== server.ctx.config.timeZone) expect(await dayStarts()).not.toEqual(ownZoneDays)
    }
    expect(await dayStarts()).toEqual(ownZoneDays)
  })

  it('names no champions for a week without winners: champions are the latest week’s announced winners', async () => {
    const announced = await winnersIn(g, defaultGroupId)
    expect(announced).toHaveLength(1)
    // next Monday noon (it is Monday now): this week, in which f and a played in group 1000, is awarded
    // without trophies
    await advanceClockTo(server, nextLocalTime(server.clock.now() + 24 * hour, '12:00', [1]))
    // a second run: the folds the first one moved on make the week's results final
    await advanceClockTo(server, server.clock.now() + minute)
    const week = await awardedWeek(defaultGroupId)
    expect(week.weekStart).toBeGreaterThan(announced[0]?.data.weekStart ?? Number.POSITIVE_INFINITY)
    const lastWeek = await ranking(g, 'last_week')
    expect(lastWeek.map((row) => row[0]).sort()).toEqual([a.username, f.username].sort())
    expect((await g.client.get<RecentChampion[]>('/v1/stockgame/champions')).body).toEqual([])
    expect(await winnersIn(g, defaultGroupId)).toEqual(announced)
  })
})
