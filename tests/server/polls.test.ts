import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPolls } from '../../server/game/poll-opening'
import type { ApiErrorBody } from '../../src/api/errors'
import type { NextPoll, Poll, PollResults, PollStatus } from '../../src/api/polls'
import { stateSchema } from '../../src/api/state'
import { pollStartsBetween } from '../../src/domain/poll-schedule'
import { ttcAmountProblem } from '../../src/domain/ttc-amount'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { edgeNumber, exponentForm } from '../support/edge-numbers'
import { HttpClient } from '../support/http-client'
import {
  advanceBy,
  advanceTo,
  apple,
  balanceOf,
  bitcoin,
  dax,
  localTime,
  moneyInGame,
  nextLocalTime,
  pollsOf,
  toNextPollStart,
} from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

const minuteMs = 60_000
const hourMs = 3_600_000
const weekdays = [1, 2, 3, 4, 5]

async function allPolls(server: TestServer) {
  return server.ctx.db.selectFrom('polls').selectAll().orderBy('startTime').orderBy('titleId').execute()
}

describe.each(dialects)('poll scheduler on %s', (dialect) => {
  let server: TestServer
  let player: SignedUp
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ALPHA_POLL_TITLES: `${bitcoin},${dax},${apple}` } })
    player = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  it('opens on its first run no history, at most the polls still open for bets', async () => {
    await server.ctx.jobs.runAll()
    const now = server.clock.now()
    for (const poll of await allPolls(server)) expect(poll.endTime).toBeGreaterThan(now)
  })

  it('opens the 08:00 polls on a weekday at 08:00 Berlin time, for titles whose market trades before evaluation', async () => {
    const eight = nextLocalTime(server.clock.now(), '08:00', weekdays, 5 * minuteMs)
    await advanceTo(server, eight - minuteMs)
    expect((await allPolls(server)).filter((p) => p.startTime >= eight)).toEqual([])

    await advanceTo(server, eight + 30_000)
    const opened = (await allPolls(server)).filter((p) => p.startTime === eight)
    // Bitcoin trades around the clock and Xetra from 09:00; New York opens only after the 14:00 evaluation.
    expect(opened.map((p) => p.titleId)).toEqual([bitcoin, dax])
    for (const poll of opened) {
      expect(localTime(poll.startTime).slice(4)).toBe('08:00')
      expect(poll.endTime).toBe(eight + 2 * hourMs)
      expect(poll.evalTime).toBe(eight + 6 * hourMs)
      expect(poll.priceBase).toBe(await server.ctx.market.priceAt(poll.titleId, eight))
      expect(poll).toMatchObject({ settledAt: null, outcome: null, evalPrice: null })
    }
    const listed = await pollsOf(player)
    expect(listed.filter((p) => p.startTime === eight).map((p) => p.phase)).toEqual(['open', 'open'])

    await advanceTo(server, eight + 6 * hourMs + 30_000)
    const fourteen = (await allPolls(server)).filter((p) => p.startTime === eight + 6 * hourMs)
    expect(fourteen.map((p) => p.titleId)).toEqual([bitcoin, apple, dax].sort((a, b) => a - b))
    expect(localTime(fourteen[0]?.startTime ?? 0).slice(4)).toBe('14:00')
    // The 08:00 polls were evaluated on that run.
    const morning = (await allPolls(server)).filter((p) => p.startTime === eight)
    for (const poll of morning) expect(poll.settledAt).not.toBeNull()
  })

  it('opens one poll at 14:30 on Saturday and Sunday and resumes on Monday at 02:00', async () => {
    const fridayEvening = nextLocalTime(server.clock.now(), '20:30', [5])
    await advanceTo(server, fridayEvening)
    const friday = (await allPolls(server)).filter((p) => p.startTime === fridayEvening - 30 * minuteMs)
    expect(friday.map((p) => p.titleId)).toEqual([apple, bitcoin])

    const mondayMorning = nextLocalTime(server.clock.now(), '03:00', [1])
    await advanceTo(server, mondayMorning)
    const weekend = (await allPolls(server)).filter((p) => p.startTime > fridayEvening)
    expect(weekend.map((p) => [localTime(p.startTime), p.titleId])).toEqual([
      ['Sat 14:30', bitcoin],
      ['Sun 14:30', bitcoin],
      ['Mon 02:00', bitcoin],
    ])

    const next = await player.client.get<NextPoll>('/v1/stockgame/polls/next')
    expect(next.status).toBe(200)
    expect(localTime(next.body.startTime)).toBe('Mon 08:00')
    expect(next.body).toMatchObject({
      endTime: next.body.startTime + 2 * hourMs,
      evalTime: next.body.startTime + 6 * hourMs,
      titleIds: [bitcoin, dax],
      // the client counts down in the schedule's zone, not the player's
      timeZone: server.ctx.config.timeZone,
    })
  })

  it('opens each poll once, also when two schedulers run at the same time', async () => {
    const now = server.clock.now()
    const before = (await allPolls(server)).length
    const starts = pollStartsBetween(now - 2 * 24 * hourMs, now, server.ctx.config.timeZone)
    const inserted = await Promise.all([
      openPolls(server.ctx, starts, now),
      openPolls(server.ctx, starts, now),
    ])
    expect(inserted).toEqual([0, 0])
    expect((await allPolls(server)).length).toBe(before)

    const later = nextLocalTime(now, '14:00', weekdays, hourMs)
    const racing = await Promise.all([
      openPolls(server.ctx, [later], now),
      openPolls(server.ctx, [later], now),
    ])
    expect(racing[0] + racing[1]).toBe(3)
    expect((await allPolls(server)).filter((p) => p.startTime === later)).toHaveLength(3)
  })

  it('lists at most 50 polls, newest by end time, for signed-in players only', async () => {
    // polls open on trading days only: days until there are more than 50, whatever weekday it is now
    for (let days = 0; days < 14 && (await allPolls(server)).length <= 50; days++)
      await advanceBy(server, 24 * hourMs)
    const listed = await pollsOf(player)
    expect((await allPolls(server)).length).toBeGreaterThan(50)
    expect(listed).toHaveLength(50)
    const ends = listed.map((p) => p.endTime)
    expect(ends).toEqual([...ends].sort((a, b) => b - a))
    const now = server.clock.now()
    for (const poll of listed) {
      expect(Object.keys(poll).sort()).toEqual(
        [
          'pollId',
          'titleId',
          'priceBase',
          'startTime',
          'endTime',
          'evalTime',
          'createdAt',
          'flatBand',
          'phase',
          'evalPrice',
          'outcome',
          'settledAt',
          'bankWon',
          'votes',
          'results',
        ].sort(),
      )
      expect(poll.phase).toBe(now < poll.endTime ? 'open' : now < poll.evalTime ? 'closed' : 'evaluated')
      // Jobs ran at this time: every evaluated poll is settled, every other one is not.
      expect(poll.settledAt !== null).toBe(poll.phase === 'evaluated')
      expect(poll.outcome !== null && poll.evalPrice !== null).toBe(poll.phase === 'evaluated')
      expect(poll.votes).toEqual([])
      // nobody bet: no pot for the Bank to take
      expect(poll.bankWon).toBe(false)
    }

    // A poll of a title the universe does not know (any more) is left out.
    const newest = listed[0] as Poll
    await server.ctx.db
      .insertInto('polls')
      .values({
        titleId: 12,
        priceBase: 1,
        startTime: newest.startTime,
        endTime: newest.endTime + 1,
        evalTime: newest.evalTime + 1,
        createdAt: now,
        evalPrice: null,
        outcome: null,
        settledAt: null,
      })
      .execute()
    expect((await pollsOf(player))[0]).toEqual(newest)

    const guest = new HttpClient(server.url)
    for (const path of ['/v1/stockgame/polls', '/v1/stockgame/polls/next', '/v1/stockgame/polls/performance'])
      expect((await guest.get(path)).status, path).toBe(401)
  })
})

describe.each(dialects)('bets on %s', (dialect) => {
  let server: TestServer
  let alice: SignedUp
  let bob: SignedUp
  let carol: SignedUp
  let poll: Poll
  const votePath = () => `/v1/stockgame/polls/${poll.pollId}/vote`
  const bet = (player: SignedUp, ttcBet: unknown, more: Record<string, unknown> = {}) =>
    player.client.post<PollResults & ApiErrorBody>(votePath(), {
      pollId: poll.pollId,
      userId: player.user.id,
      vote: 'up',
      ttcBet,
      ...more,
    })

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { ALPHA_POLL_TITLES: String(bitcoin), ALPHA_POLL_FLAT_BAND: '0.002' },
    })
    ;[alice, bob, carol] = [
      await signUpPlayer(server),
      await signUpPlayer(server),
      await signUpPlayer(server),
    ]
    const start = await toNextPollStart(server)
    const found = (await pollsOf(alice)).find((p) => p.startTime === start)
    if (!found) throw new Error('no poll opened')
    poll = found
  })
  afterAll(() => server.stop())

  it('refuses wagers of 0 or less, without a wager, over the balance or with three decimals, with the spec texts', async () => {
    const overBalance = "You don't have so much money... (Max 100.00)"
    const refusals: [unknown, string][] = [
      [0, 'Your wager must be greater than 0.'],
      [-5, 'Your wager must be greater than 0.'],
      [-0.01, 'Your wager must be greater than 0.'],
      // more than 0, yet not one hundredth: stored, they would be a stake of 0
      [1e-9, 'Your wager must be greater than 0.'],
      [5e-324, 'Your wager must be greater than 0.'],
      [0.004, 'Your wager can have at most two decimals.'],
      // beyond the integer hundredths a column holds exactly
      [1e21, overBalance],
      [Number.MAX_SAFE_INTEGER, overBalance],
      [1e308, overBalance],
      [undefined, 'You must set your wager...'],
      [null, 'You must set your wager...'],
      ['10', 'Your wager must be a number.'],
      [1.234, 'Your wager can have at most two decimals.'],
      [100.01, overBalance],
      [1e300, overBalance],
    ]
    for (const [ttcBet, text] of refusals) {
      const answer = await bet(alice, ttcBet)
      expect(answer.status, String(ttcBet)).toBe(400)
      expect(answer.body.error, String(ttcBet)).toEqual({
        code: 'validation_failed',
        message: text,
        fields: { ttcBet: text },
      })
    }
    const wrongVote = await bet(alice, 1, { vote: 'sideways' })
    expect(wrongVote.status).toBe(400)
    expect(wrongVote.body.error.message).toBe('Please choose up, flat or down.')
    expect(await balanceOf(server, alice.user.id)).toBe(100_00)
  })

  it('answers any amount the rule refuses with its text, written plainly or in exponent form', async () => {
    const texts = {
      notANumber: 'Your wager must be a number.',
      notPositive: 'Your wager must be greater than 0.',
      decimals: 'Your wager can have at most two decimals.',
      tooLarge: "You don't have so much money... (Max 100.00)",
    }
    const refused = fc.tuple(
      edgeNumber.filter((ttc) => ttcAmountProblem(ttc) !== undefined),
      fc.boolean(),
    )
    await fc.assert(
      fc.asyncProperty(refused, async ([ttcBet, inExponentForm]) => {
        const body = JSON.stringify({ pollId: poll.pollId, userId: alice.user.id, vote: 'up', ttcBet })
        const answer = await alice.client.post<ApiErrorBody>(
          votePath(),
          inExponentForm ? exponentForm(body) : body,
        )
        const text = texts[ttcAmountProblem(ttcBet) ?? 'notANumber']
        expect(answer.status, String(ttcBet)).toBe(400)
        expect(answer.body.error, String(ttcBet)).toEqual({
          code: 'validation_failed',
          message: text,
          fields: { ttcBet: text },
        })
      }),
      { numRuns: 40 },
    )
    expect(await balanceOf(server, alice.user.id)).toBe(100_00)
    expect(await server.ctx.db.selectFrom('votes').selectAll().execute()).toEqual([])
  })

  it('takes bets from the signed-in player alone, on the poll of the address', async () => {
    const guest = new HttpClient(server.url)
    const asGuest = await guest.post<ApiErrorBody>(votePath(), {
      pollId: poll.pollId,
      userId: -1,
      vote: 'up',
      ttcBet: 1,
    })
    expect(asGuest.status).toBe(401)
    const forBob = await bet(alice, 1, { userId: bob.user.id })
    expect(forBob.status).toBe(403)
    expect(forBob.body.error.code).toBe('forbidden')
    const otherPoll = await bet(alice, 1, { pollId: poll.pollId + 1 })
    expect(otherPoll.status).toBe(400)
    expect(otherPoll.body.error.code).toBe('validation_failed')
    const unknown = await alice.client.post<ApiErrorBody>('/v1/stockgame/polls/999999/vote', {
      pollId: 999999,
      userId: alice.user.id,
      vote: 'up',
      ttcBet: 1,
    })
    expect(unknown.status).toBe(404)
    expect(await balanceOf(server, alice.user.id)).toBe(100_00)
    expect(await server.ctx.db.selectFrom('votes').selectAll().execute()).toEqual([])
  })

  it('debits the stake with a wager ledger row and answers with the poll results', async () => {
    const answer = await bet(alice, 12.34)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      numUsersBetUp: 1,
      numUsersBetFlat: 0,
      numUsersBetDown: 0,
      totalTtcBet: 12.34,
      ttcBetUp: 12.34,
      ttcBetFlat: 0,
      ttcBetDown: 0,
    })
    expect(await balanceOf(server, alice.user.id)).toBe(100_00 - 12_34)
    const ledger = await server.ctx.db
      .selectFrom('ledger')
      .innerJoin('wallets', 'wallets.address', 'ledger.walletAddress')
      .select(['ledger.type', 'ledger.amount', 'ledger.reference'])
      .where('wallets.userId', '=', alice.user.id)
      .orderBy('ledger.id')
      .execute()
    expect(ledger).toEqual([
      { type: 'grant', amount: 100_00, reference: 'signup' },
      { type: 'wager', amount: -12_34, reference: `poll:${poll.pollId}` },
    ])
    const bobs = await bet(bob, 100, { vote: 'down' })
    expect(bobs.body).toEqual({
      numUsersBetUp: 1,
      numUsersBetFlat: 0,
      numUsersBetDown: 1,
      totalTtcBet: 112.34,
      ttcBetUp: 12.34,
      ttcBetFlat: 0,
      ttcBetDown: 100,
    })
    expect(await balanceOf(server, bob.user.id)).toBe(0)
    const money = await moneyInGame(server)
    expect(money.wallets + money.openPots).toBe(money.created)
    expect(money.unbookedWallets).toEqual([])
  })

  it("refuses a second bet on the poll with the spec's warning", async () => {
    const again = await bet(alice, 1, { vote: 'down' })
    expect(again.status).toBe(409)
    expect(again.body.error).toEqual({
      code: 'already_placed',
      message: 'Warning: You have already placed your bet.',
    })
    expect(await balanceOf(server, alice.user.id)).toBe(100_00 - 12_34)
  })

  it('answers a retry with the same Idempotency-Key as the first time', async () => {
    const headers = { headers: { 'idempotency-key': `carol-${poll.pollId}` } }
    const body = { pollId: poll.pollId, userId: carol.user.id, vote: 'flat', ttcBet: 5 }
    const first = await carol.client.post<PollResults>(votePath(), body, headers)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      numUsersBetUp: 1,
      numUsersBetFlat: 1,
      numUsersBetDown: 1,
      totalTtcBet: 117.34,
      ttcBetUp: 12.34,
      ttcBetFlat: 5,
      ttcBetDown: 100,
    })
    const retry = await carol.client.post<PollResults>(votePath(), body, headers)
    expect(retry.status).toBe(200)
    expect(retry.body).toEqual(first.body)
    const withoutKey = await carol.client.post<ApiErrorBody>(votePath(), body)
    expect(withoutKey.status).toBe(409)
    expect(await balanceOf(server, carol.user.id)).toBe(95_00)
  })

  it("lists the player's own bet and everybody's counts, never another player's bet", async () => {
    const mine = (await pollsOf(alice)).find((p) => p.pollId === poll.pollId)
    expect(mine?.votes).toEqual([
      {
        pollId: poll.pollId,
        userId: alice.user.id,
        vote: 'up',
        ttcBet: 12.34,
        createdAt: expect.any(Number),
        payout: null,
      },
    ])
    expect(mine?.results).toEqual({
      numUsersBetUp: 1,
      numUsersBetFlat: 1,
      numUsersBetDown: 1,
      totalTtcBet: 117.34,
      ttcBetUp: 12.34,
      ttcBetFlat: 5,
      ttcBetDown: 100,
    })
    // the band that ends the poll flat is the server's
    expect(mine?.flatBand).toBe(0.002)
    // the state carries the same pot per side
    const state = stateSchema.parse((await bob.client.get('/v1/stockgame/state')).body)
    const inState = state.polls.find((p) => p.pollId === poll.pollId)
    expect(inState?.results).toEqual(mine?.results)
    expect(inState?.flatBand).toBe(0.002)
    const status = await bob.client.get<PollStatus>(`/v1/stockgame/polls/${poll.pollId}/status`)
    expect(status.body).toEqual({ pollId: poll.pollId, votesCast: 3, totalTtcBet: 117.34 })
    expect((await bob.client.get('/v1/stockgame/polls/999999/status')).status).toBe(404)
    expect((await bob.client.get('/v1/stockgame/polls/abc/status')).status).toBe(400)
  })

  it('closes betting at endTime', async () => {
    await advanceTo(server, poll.endTime)
    const late = await bet(bob, 0, {})
    expect(late.status).toBe(400)
    const closed = await bet(carol, 1, { vote: 'down' })
    // Carol has bet already, but a closed poll says so first.
    expect(closed.status).toBe(409)
    expect(closed.body.error).toEqual({ code: 'betting_closed', message: 'Betting on this poll has closed.' })
    const dave = await signUpPlayer(server)
    const davesBet = await bet(dave, 1)
    expect(davesBet.body.error.code).toBe('betting_closed')
    expect(await balanceOf(server, dave.user.id)).toBe(100_00)
  })
})
