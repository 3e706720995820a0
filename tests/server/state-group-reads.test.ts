import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Executor } from '../../server/db/database'
import { activityPage } from '../../server/game/activity'
import type { ActivityStreamElement } from '../../src/api/activity'
import { stateChronicElements } from '../../src/api/state'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { addActiveMembers, createGroup } from '../support/groups'
import { seedJudgedPredictions } from '../support/judged-predictions'
import { bitcoin } from '../support/polls'
import { postgresRowsVisited, sqlitePlan, statementsOf } from '../support/statement-plans'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * A group other than 1000 reads its active members' predictions and bets: a page of them must cost
 * about a page per member, not every member's whole history (which only grows). Two members with long
 * histories and a busy outsider; the first page is checked element by element, ties included.
 */

const minute = 60_000
const hour = 60 * minute
/** Judged predictions (and bets on old polls) per member, far more than a page. */
const history = 600
/** The members' running predictions: a's every 7 min, b's every 11 min, so some fall at one time. */
const runningEvery = [7, 11]
const runningCount = 16
/** When the members bet on the recent poll: both at once, at the time of an evaluation. */
const betAgo = 40 * minute

describe.each(dialects)("a group's chronic reads a page per member on %s", (dialect) => {
  let server: TestServer
  let now: number
  let members: SignedUp[]
  let groupId: number
  /** the page as it must read: one key per element */
  const expected: { key: string; timestamp: number; tie: string }[] = []

  beforeAll(async () => {
    server = await startTestServer(dialect)
    const [a, b, outsider] = [
      await signUpPlayer(server),
      await signUpPlayer(server),
      await signUpPlayer(server),
    ]
    members = [a, b] as SignedUp[]
    groupId = (await createGroup(a as SignedUp)).id
    await addActiveMembers(a as SignedUp, groupId, [b as SignedUp])
    now = server.clock.now()
    const db = server.ctx.db
    const users = [...members, outsider as SignedUp]
    for (const [m, player] of users.entries()) {
      const userId = player.user.id
      const member = m < members.length
      // running, made in the last 3 h; the outsider's every 3 s, far more than the members'
      const every = member ? (runningEvery[m] as number) * minute : 3000
      const running = Array.from({ length: member ? runningCount : 3000 }, (_, k) => ({
        userId,
        titleId: bitcoin,
        messageId: `run-${m}-${k}`,
        trend: 'Up' as const,
        atPrice: 100,
        createdAt: now - k * every,
        evaluationDueAt: now - k * every + evaluationDelayMs,
        rewardFactor: 1,
      }))
      for (let i = 0; i < running.length; i += 500)
        await db
          .insertInto('taggedMessages')
          .values(running.slice(i, i + 500))
          .execute()
      // judged, a member's every 5 min before that (each evaluated at the same time as the other
      // member's), the outsider's every minute in between
      const judged = Array.from({ length: member ? history : 5 * history }, (_, j) => ({
        userId,
        titleId: bitcoin,
        messageId: `old-${m}-${j}`,
        trend: 'Up' as const,
        createdAt: now - evaluationDelayMs - (member ? j * 5 * minute : j * minute + minute / 2),
        correct: j % 2 === 0,
      }))
      await seedJudgedPredictions(db, judged)
      if (!member) continue
      for (const row of running)
        expected.push({
          key: `made ${row.messageId}`,
          timestamp: row.createdAt,
          tie: `0:${userId}:${row.messageId}`,
        })
      for (const row of judged) {
        expected.push({
          key: `made ${row.messageId}`,
          timestamp: row.createdAt,
          tie: `0:${userId}:${row.messageId}`,
        })
        expected.push({
          key: `evaluated ${row.messageId}`,
          timestamp: row.createdAt + evaluationDelayMs,
          tie: `1:${userId}:${row.messageId}`,
        })
      }
    }
    // old settled polls every member bet on, and a recent one whose betting has closed
    const polls = Array.from({ length: history + 1 }, (_, i) => {
      const startTime = i === 0 ? now - 90 * minute : now - evaluationDelayMs - (i + 2) * hour
      return {
        titleId: bitcoin,
        priceBase: 100,
        startTime,
        endTime: startTime + 15 * minute,
        evalTime: startTime + hour,
        createdAt: startTime,
        evalPrice: i === 0 ? null : 101,
        outcome: i === 0 ? null : ('up' as const),
        settledAt: i === 0 ? null : startTime + hour,
      }
    })
    const pollIds: number[] = []
    for (let i = 0; i < polls.length; i += 100) {
      const rows = await db
        .insertInto('polls')
        .values(polls.slice(i, i + 100))
        .returning('id')
        .execute()
      pollIds.push(...rows.map((row) => row.id))
    }
    for (const [i, poll] of polls.entries()) {
      const pollId = pollIds[i] as number
      expected.push({ key: `opened ${i}`, timestamp: poll.startTime, tie: `3:opened:${pollId}` })
      if (poll.settledAt !== null)
        expected.push({ key: `settled ${i}`, timestamp: poll.settledAt, tie: `3:settled:${pollId}` })
    }
    for (const player of users) {
      const wallet = await db
        .selectFrom('wallets')
        .select('address')
        .where('userId', '=', player.user.id)
        .executeTakeFirstOrThrow()
      const votes = polls.map((poll, i) => ({
        pollId: pollIds[i] as number,
        userId: player.user.id,
        walletAddress: wallet.address,
        vote: 'up' as const,
        ttcBet: 100,
        // the outsider's bets are the newest of all
        createdAt:
          player === outsider ? now - i * 1000 - 500 : i === 0 ? now - betAgo : poll.startTime + minute,
      }))
      for (let i = 0; i < votes.length; i += 200)
        await db
          .insertInto('votes')
          .values(votes.slice(i, i + 200))
          .execute()
      if (player === outsider) continue
      for (const [i, vote] of votes.entries())
        expected.push({
          key: `bet ${i} by ${player.user.id}`,
          timestamp: vote.createdAt,
          tie: `2:${vote.pollId}:${player.user.id}`,
        })
    }
    // years of weekly winners, all awarded long before the page: a page of them is read, not every week
    const weeks = Array.from({ length: history }, (_, i) => now - 30 * 24 * hour - i * 7 * 24 * hour)
    for (let i = 0; i < weeks.length; i += 200) {
      const slice = weeks.slice(i, i + 200)
      await db
        .insertInto('trophyWeeks')
        .values(
          slice.map((weekStart) => ({ groupId, weekStart, activePlayers: 2, awardedAt: weekStart + hour })),
        )
        .execute()
      await db
        .insertInto('trophies')
        .values(
          slice.map((weekStart) => ({
            groupId,
            groupName: 'Traders',
            weekStart,
            rank: 1,
            userId: a.user.id,
            points: 100,
            awardedAt: weekStart + hour,
          })),
        )
        .execute()
    }
    expected.sort((x, y) => y.timestamp - x.timestamp || (x.tie < y.tie ? -1 : x.tie > y.tie ? 1 : 0))
    if (dialect === 'postgres') await sql`analyze`.execute(db)
  })
  afterAll(() => server.stop())

  const firstPage = async (db: Executor = server.ctx.db) => {
    const group = await server.ctx.db
      .selectFrom('userGroups')
      .selectAll()
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow()
    return activityPage(server.ctx, db, group, { limit: stateChronicElements, now })
  }

  const keyOf = (element: ActivityStreamElement, polls: Map<number, number>) => {
    switch (element.type) {
      case 'TaggedMessage':
        return `${element.timestamp === element.data.createdAt ? 'made' : 'evaluated'} ${element.data.messageId}`
      case 'Vote':
        return `bet ${polls.get(element.data.pollId)} by ${element.data.userId}`
      case 'Poll':
        return `${element.data.event} ${polls.get(element.data.pollId)}`
      default:
        return element.type
    }
  }

  it("shows the members' newest predictions, evaluations and bets, ties in order", async () => {
    const { elements } = await firstPage()
    const pollRows = await server.ctx.db.selectFrom('polls').select('id').orderBy('id').execute()
    const pollIndex = new Map(pollRows.map((row, i) => [row.id, i]))
    // a page never ends inside a run of one timestamp
    let page = expected.slice(0, stateChronicElements - 1)
    const cut = expected[stateChronicElements - 1]?.timestamp
    page = page.filter((element) => element.timestamp !== cut)
    expect(elements[0]?.type).toBe('PollAnnouncement')
    expect(
      elements.slice(1).map((element) => `${keyOf(element, pollIndex)} @${now - element.timestamp}`),
    ).toEqual(page.map((element) => `${element.key} @${now - element.timestamp}`))
    // the page holds runs of ties: two members' predictions, evaluations and both bets at one time
    const runs = new Map<number, number>()
    for (const element of page) runs.set(element.timestamp, (runs.get(element.timestamp) ?? 0) + 1)
    expect(runs.get(now - betAgo)).toBeGreaterThanOrEqual(4)
    expect([...runs.values()].filter((count) => count > 1).length).toBeGreaterThan(5)
  })

  it("reads the group's newest awarded weeks, not every week it had", async () => {
    const statements = await statementsOf(server.ctx.db, (db) => firstPage(db))
    const ofWeeks = statements.filter((statement) => /from "trophy_weeks"/.test(statement.sql))
    expect(ofWeeks).toHaveLength(1)
    const [statement] = ofWeeks as [(typeof ofWeeks)[number]]
    if (dialect === 'sqlite') {
      const plan = await sqlitePlan(server.ctx.db, statement)
      // from the newest award, down to the page the members' rows already fill
      expect(plan).toContain(
        'SEARCH w USING COVERING INDEX trophy_weeks_group_awarded (group_id=? AND awarded_at>?)',
      )
      expect(plan.join('\n')).not.toContain('TEMP B-TREE')
    } else {
      expect(await postgresRowsVisited(server.ctx.db, statement, 'trophy_weeks')).toBeLessThanOrEqual(
        2 * stateChronicElements,
      )
    }
  })

  it("reads each member's newest rows through their time index, not their whole history", async () => {
    const statements = await statementsOf(server.ctx.db, (db) => firstPage(db))
    const ofMembers = statements.filter((statement) => /from "(tagged_messages|votes)"/.test(statement.sql))
    // made, evaluated, bets
    expect(ofMembers).toHaveLength(3)
    for (const statement of ofMembers) {
      const table = /from "votes"/.test(statement.sql) ? 'votes' : 'tagged_messages'
      if (dialect === 'sqlite') {
        const plan = await sqlitePlan(server.ctx.db, statement)
        // each member's rows on their own, newest first by the (user, created) index
        const byMember = new RegExp(
          `SEARCH [tv] USING INDEX ${table}_user_created \\(user_id=\\?( AND created_at>\\?)?( AND created_at<=?\\?)?\\)`,
        )
        expect(plan.filter((line) => byMember.test(line))).toHaveLength(members.length)
        // and nothing but a member's page sorted: no sort right after reading their rows
        expect(plan.filter((line) => /SEARCH [tv]\b/.test(line))).toHaveLength(members.length)
        for (const [i, line] of plan.entries())
          if (line.includes('TEMP B-TREE')) expect(plan[i - 1]).toBe('SCAN m')
      } else {
        expect(await postgresRowsVisited(server.ctx.db, statement, table)).toBeLessThanOrEqual(
          members.length * 2 * stateChronicElements,
        )
      }
    }
  })
})
