import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { activityPage, firstPageAfterPredictions } from '../../server/game/activity'
import { readGroupVersions } from '../../server/game/game-version'
import { defaultGroupId } from '../../src/api/groups'
import type { Poll } from '../../src/api/polls'
import { stateChronicElements } from '../../src/api/state'
import { nextPollStart } from '../../src/domain/poll-schedule'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { advanceClockTo, bet, PairSource, tag } from '../support/game'
import { bitcoin } from '../support/polls'
import { StatementLog } from '../support/statement-log'
import { startTestServer, type TestServer } from '../support/test-server'

const statePath = '/v1/stockgame/state'

interface StateBody {
  chronic: unknown[]
  users: { id: number; username: string }[]
}

/**
 * Issue 16: most writes of a busy game are predictions, and each one changes group 1000's chronic.
 * When nothing else the shared part shows changed, the state's next part reads only the new
 * predictions (and the players they newly name) and takes the rest from the part before; it must
 * read exactly what a whole read gives. Date is frozen here (the server's clock follows it), so
 * predictions share timestamps and runs of one timestamp meet the page's cut.
 */
describe.each(dialects)("the state's chronic after new predictions only, on %s", (dialect) => {
  let server: TestServer
  const log = new StatementLog()
  let players: SignedUp[]
  let pairs: PairSource[]
  let openPoll: Poll

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ALPHA_POLL_TITLES: String(bitcoin) } })
    players = []
    for (let i = 0; i < 4; i++) players.push(await signUpPlayer(server))
    pairs = players.map(() => new PairSource(server, [bitcoin]))
    await advanceClockTo(server, nextPollStart(server.clock.now(), server.ctx.config.timeZone) + 1000)
    const polls = (await players[0]?.client.get<Poll[]>('/v1/stockgame/polls'))?.body ?? []
    const open = polls.find((poll) => poll.phase === 'open')
    if (!open) throw new Error('no open poll')
    openPoll = open
  }, 60_000)
  /** Date frozen where the last test left it, or now: the game's time never runs back between tests */
  let frozenAt = 0
  const freezeDate = () => vi.useFakeTimers({ toFake: ['Date'], now: Math.max(Date.now(), frozenAt) })
  afterEach(() => {
    frozenAt = Date.now()
    vi.useRealTimers()
  })
  afterAll(() => server.stop())

  const player = (index: number) => players[index % players.length] as SignedUp

  async function tagBy(index: number): Promise<void> {
    const [pair] = await (pairs[index % pairs.length] as PairSource).take(1)
    if (!pair) throw new Error('no pair')
    // one trend per player: the fair-play rules refuse a player's opposite prediction on a title
    await tag(player(index), pair, index % 2 === 0 ? 'Up' : 'Down')
  }

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

  /** When the newest prediction was made, as the state's versions read it. */
  async function newestPrediction(): Promise<number> {
    const { versions } = await readGroupVersions(server.ctx.db, [defaultGroupId])
    return versions.get(defaultGroupId)?.newestPrediction ?? 0
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

  it('puts new predictions among the page read before as a whole read gives them, reading only those', async () => {
    freezeDate()
    // more predictions than the page holds, many at one timestamp
    for (let i = 0; i < stateChronicElements + 6; i++) {
      await tagBy(i)
      if (i % 7 === 6) vi.setSystemTime(Date.now() + 1)
    }
    const counted = server.ctx.db.withPlugin(log)
    const group = await groupRow()
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ by: fc.nat(3), later: fc.constantFrom(0, 0, 1, 1000) }), {
          minLength: 1,
          maxLength: 4,
        }),
        async (steps) => {
          // read before the page it serves, as the state reads its versions before building
          let since = await newestPrediction()
          const options = { limit: stateChronicElements, now: server.clock.now() }
          let previous = await activityPage(server.ctx, server.ctx.db, group, options)
          for (const step of steps) {
            vi.setSystemTime(Date.now() + step.later)
            await tagBy(step.by)
            const nextSince = await newestPrediction()
            log.reset()
            const now = server.clock.now()
            const after = await firstPageAfterPredictions(server.ctx, counted, group, previous, since, {
              limit: stateChronicElements,
              now,
            })
            if (!after) throw new Error('the page before could not serve')
            // only the predictions are read: no bet, poll or winners source
            expect(log.statements.length).toBeGreaterThan(0)
            for (const statement of log.statements)
              expect(statement).not.toMatch(/"votes"|"polls"|"trophy_weeks"|"trophies"/)
            const whole = await activityPage(server.ctx, server.ctx.db, group, {
              limit: stateChronicElements,
              now,
            })
            expect(after.elements).toEqual(whole.elements)
            expect(after.validUntil).toBe(whole.validUntil)
            previous = after
            since = nextSince
          }
        },
      ),
      { numRuns: 10 },
    )
  }, 120_000)

  it("keeps the state's chronic equal to a whole read while predictions are made, at one timestamp or more", async () => {
    freezeDate()
    await stateOf(0)
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ by: fc.nat(3), viewer: fc.nat(3), later: fc.constantFrom(0, 0, 1, 1000) }), {
          minLength: 1,
          maxLength: 5,
        }),
        async (steps) => {
          for (const step of steps) {
            vi.setSystemTime(Date.now() + step.later)
            await tagBy(step.by)
            const state = await stateOf(step.viewer)
            expect(state.chronic).toEqual(await wholeRead())
            expectNamed(state)
          }
        },
      ),
      { numRuns: 8 },
    )
  }, 120_000)

  it('reads the part whole after a bet, and some seconds after its last whole read', async () => {
    freezeDate()
    const renamed = player(3)
    const nameIn = (state: StateBody) => state.users.find((user) => user.id === renamed.user.id)?.username
    const rename = (username: string) =>
      server.ctx.db.updateTable('users').set({ username }).where('id', '=', renamed.user.id).execute()
    const suffix = Date.now() % 100_000
    await tagBy(3)
    const named = await stateOf(1)
    expect(nameIn(named)).toBe(renamed.user.username)

    // a new name moves no version: a part after new predictions keeps the names it had
    await rename(`first${suffix}`)
    vi.setSystemTime(Date.now() + 1)
    await tagBy(1)
    expect(nameIn(await stateOf(1))).toBe(renamed.user.username)
    // a bet changes more than the predictions: the part is read whole
    await bet(player(2), openPoll, 'up', 5)
    const afterBet = await stateOf(1)
    expect(nameIn(afterBet)).toBe(`first${suffix}`)
    expect(afterBet.chronic).toEqual(await wholeRead())

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
