import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { activityPage, firstPageAfterNew } from '../../server/game/activity'
import { readGroupVersions } from '../../server/game/game-version'
import { defaultGroupId } from '../../src/api/groups'
import type { Poll } from '../../src/api/polls'
import { stateChronicElements } from '../../src/api/state'
import { nextPollStart } from '../../src/domain/poll-schedule'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { advanceClockTo, bet, PairSource, tag } from '../support/game'
import { bitcoin, ethereum } from '../support/polls'
import { StatementLog } from '../support/statement-log'
import { startTestServer, type TestServer } from '../support/test-server'

const statePath = '/v1/stockgame/state'

interface StateBody {
  chronic: unknown[]
  users: { id: number; username: string }[]
}

/**
 * Issue 16: most writes of a busy game are predictions and bets, and each one changes group 1000's
 * chronic. When nothing else the shared part shows changed, the state's next part reads only the new
 * predictions and bets (and the players they newly name) and takes the rest from the part before; it
 * must read exactly what a whole read gives. Date is frozen here (the server's clock follows it), so
 * predictions share timestamps and runs of one timestamp meet the page's cut.
 */
describe.each(dialects)("the state's chronic after new predictions and bets, on %s", (dialect) => {
  let server: TestServer
  const log = new StatementLog()
  let players: SignedUp[]
  let pairs: PairSource[]
  let openPolls: Poll[]
  /** player index and poll id of the bets made */
  const betsMade = new Set<string>()

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ALPHA_POLL_TITLES: `${bitcoin},${ethereum}` } })
    players = []
    for (let i = 0; i < 4; i++) players.push(await signUpPlayer(server))
    pairs = players.map(() => new PairSource(server, [bitcoin, ethereum]))
    await advanceClockTo(server, nextPollStart(server.clock.now(), server.ctx.config.timeZone) + 1000)
    const polls = (await players[0]?.client.get<Poll[]>('/v1/stockgame/polls'))?.body ?? []
    openPolls = polls.filter((poll) => poll.phase === 'open')
    if (openPolls.length < 2)
      throw new Error(`the polls did not open: ${JSON.stringify(polls.map((p) => [p.titleId, p.phase]))}`)
  }, 60_000)
  /** Date frozen where the last test left it, or now: the game's time never runs back between tests */
  let frozenAt = 0
  const freezeDate = () => vi.useFakeTimers({ toFake: ['Date'], now: Math.max(Date.now(), frozenAt) })
  afterEach(() => {
    frozenAt = Date.now()
    vi.useRealTimers()
  })
  afterAll(() => server.stop())

  /**
   * Runs of writes: predictions twice as often as bets, by any player, each after 0 or 1 ms or a
   * second, and a player whose state is read after each.
   */
  const writes = (maxLength: number) =>
    fc.array(
      fc.record({
        kind: fc.constantFrom('tag' as const, 'tag' as const, 'bet' as const),
        by: fc.nat(3),
        viewer: fc.nat(3),
        later: fc.constantFrom(0, 0, 1, 1000),
      }),
      { minLength: 1, maxLength },
    )

  const player = (index: number) => players[index % players.length] as SignedUp

  async function tagBy(index: number): Promise<void> {
    const [pair] = await (pairs[index % pairs.length] as PairSource).take(1)
    if (!pair) throw new Error('no pair')
    // one trend per player: the fair-play rules refuse a player's opposite prediction on a title
    await tag(player(index), pair, index % 2 === 0 ? 'Up' : 'Down')
  }

  /** A bet of the player on an open poll they have not bet on; a prediction when there is none. */
  async function betBy(index: number): Promise<void> {
    const poll = openPolls.find((open) => !betsMade.has(`${index % players.length}:${open.pollId}`))
    if (!poll) return tagBy(index)
    betsMade.add(`${index % players.length}:${poll.pollId}`)
    await bet(player(index), poll, index % 2 === 0 ? 'up' : 'down', 1 + index)
  }

  const step = (kind: 'tag' | 'bet', by: number) => (kind === 'tag' ? tagBy(by) : betBy(by))

  async function stateOf(index: number): Promise<StateBody> {
    const answer = await player(index).client.get<StateBody>(statePath)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body
  }

  const groupRow = () =>
    server.ctx.db
      .selectFrom('userGroups')
      .selectAll()
      .where('id', '=', defaultGroupId)
      .executeTakeFirstOrThrow()

  /** When the newest prediction and bet were made, as the state's versions read it. */
  async function newest(): Promise<{ predictions: number; bets: number }> {
    const { versions } = await readGroupVersions(server.ctx.db, [defaultGroupId])
    const group = versions.get(defaultGroupId)
    return { predictions: group?.newestPrediction ?? 0, bets: group?.newestBet ?? 0 }
  }

  /** Group 1000's first chronic page as the activity route reads it: every source, whole. */
  async function wholeRead(): Promise<unknown[]> {
    const page = await activityPage(server.ctx, server.ctx.db, await groupRow(), {
      limit: stateChronicElements,
      now: server.clock.now(),
    })
    return JSON.parse(JSON.stringify(page.elements))
  }

  function expectNamed(state: StateBody): void {
    const names = new Map(state.users.map((user) => [user.id, user.username]))
    for (const element of state.chronic as { data: { userId?: number; username?: string } }[]) {
      if (element.data.userId === undefined) continue
      expect(names.get(element.data.userId)).toBe(element.data.username)
    }
  }

  it('puts new predictions and bets among the page read before as a whole read gives them, reading only those', async () => {
    freezeDate()
    // more predictions than the page holds, many at one timestamp
    for (let i = 0; i < stateChronicElements + 6; i++) {
      await tagBy(i)
      if (i % 7 === 6) vi.setSystemTime(Date.now() + 1)
    }
    const counted = server.ctx.db.withPlugin(log)
    const group = await groupRow()
    await fc.assert(
      fc.asyncProperty(writes(4), async (steps) => {
        // read before the page it serves, as the state reads its versions before building
        let since = await newest()
        const options = { limit: stateChronicElements, now: server.clock.now() }
        let previous = await activityPage(server.ctx, server.ctx.db, group, options)
        for (const { kind, by, later } of steps) {
          vi.setSystemTime(Date.now() + later)
          await step(kind, by)
          const next = await newest()
          log.reset()
          const now = server.clock.now()
          const after = await firstPageAfterNew(server.ctx, counted, group, previous, since, {
            limit: stateChronicElements,
            now,
          })
          if (!after) throw new Error('the page before could not serve')
          // only the predictions and the bets are read: no poll or winners source
          expect(log.statements).toHaveLength(2)
          for (const statement of log.statements)
            expect(statement).not.toMatch(/"price_base"|"trophy_weeks"|"trophies"|ranking_days/)
          const whole = await activityPage(server.ctx, server.ctx.db, group, {
            limit: stateChronicElements,
            now,
          })
          expect(after.elements).toEqual(whole.elements)
          expect(after.validUntil).toBe(whole.validUntil)
          previous = after
          since = next
        }
      }),
      { numRuns: 10 },
    )
  }, 120_000)

  it("keeps the state's chronic equal to a whole read while predictions and bets are made, at one timestamp or more", async () => {
    freezeDate()
    await stateOf(0)
    await fc.assert(
      fc.asyncProperty(writes(5), async (steps) => {
        for (const { kind, by, viewer, later } of steps) {
          vi.setSystemTime(Date.now() + later)
          await step(kind, by)
          const state = await stateOf(viewer)
          expect(state.chronic).toEqual(await wholeRead())
          expectNamed(state)
        }
      }),
      { numRuns: 8 },
    )
  }, 120_000)

  it('reads the part whole after any other change, and some seconds after its last whole read', async () => {
    freezeDate()
    const renamed = player(3)
    const nameIn = (state: StateBody) => state.users.find((user) => user.id === renamed.user.id)?.username
    const rename = (username: string) =>
      server.ctx.db.updateTable('users').set({ username }).where('id', '=', renamed.user.id).execute()
    const suffix = Date.now() % 100_000
    await tagBy(3)
    const named = await stateOf(1)
    expect(nameIn(named)).toBe(renamed.user.username)

    // a new name moves no version: a part after new predictions and bets keeps the names it had
    await rename(`first${suffix}`)
    vi.setSystemTime(Date.now() + 1)
    await tagBy(1)
    expect(nameIn(await stateOf(1))).toBe(renamed.user.username)
    await betBy(0)
    expect(nameIn(await stateOf(1))).toBe(renamed.user.username)
    // a new player is more than a prediction or a bet: the part is read whole
    await signUpPlayer(server)
    const afterSignUp = await stateOf(1)
    expect(nameIn(afterSignUp)).toBe(`first${suffix}`)
    expect(afterSignUp.chronic).toEqual(await wholeRead())

    await rename(`second${suffix}`)
    vi.setSystemTime(Date.now() + 1)
    await tagBy(1)
    expect(nameIn(await stateOf(1))).toBe(`first${suffix}`)
    // read whole again 5 s after the last whole read
    vi.setSystemTime(Date.now() + 5000)
    await tagBy(1)
    const later = await stateOf(1)
    expect(nameIn(later)).toBe(`second${suffix}`)
    expect(later.chronic).toEqual(await wholeRead())
  }, 60_000)

  it('shows a second prediction made in the same millisecond as the one before', async () => {
    freezeDate()
    vi.setSystemTime(Date.now() + 1)
    await tagBy(0)
    const first = await stateOf(0)
    await tagBy(2)
    const second = await stateOf(0)
    expect(second.chronic.length).toBeGreaterThan(0)
    expect(second.chronic).not.toEqual(first.chronic)
    expect(second.chronic).toEqual(await wholeRead())
  }, 60_000)
})
