import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { settleDuePolls, settlePoll } from '../../server/game/poll-settlement'
import type { ActivityStreamElement } from '../../src/api/activity'
import type { Poll, PollPerformance } from '../../src/api/polls'
import { settlePot } from '../../src/domain/parimutuel'
import type { PollOutcome } from '../../src/domain/poll-phase'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { bet } from '../support/game'
import {
  advanceTo,
  balanceOf,
  bitcoin,
  moneyInGame,
  openNextPoll,
  PricedMarket,
  pollsOf,
  pricedMarket,
} from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

type Bet = [player: SignedUp, vote: PollOutcome, ttcBet: number]

describe.each(dialects)('poll settlement on %s', (dialect) => {
  let server: TestServer
  let players: SignedUp[]

  async function expectMoneyConserved() {
    const money = await moneyInGame(server)
    expect(money.lowestBalance).toBeGreaterThanOrEqual(0)
    expect(money.unbookedWallets).toEqual([])
    expect(money.wallets + money.openPots).toBe(money.created)
  }

  /** Opens the next poll, places the bets and sets the price at evalTime to priceBase × factor. */
  async function pollWith(bets: Bet[], factor: number): Promise<Poll> {
    const poll = await openNextPoll(server, players[0] as SignedUp)
    for (const [player, vote, ttcBet] of bets) await bet(player, poll, vote, ttcBet)
    pricedMarket(server).setPrice(bitcoin, poll.evalTime, poll.priceBase * factor)
    return poll
  }

  async function paymentsOf(pollId: number) {
    return server.ctx.db
      .selectFrom('ledger')
      .select(['walletAddress', 'amount'])
      .where('type', '=', 'payment')
      .where('reference', '=', `poll:${pollId}`)
      .orderBy('walletAddress')
      .execute()
  }

  async function balances() {
    return Promise.all(players.map((p) => balanceOf(server, p.user.id)))
  }

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { ALPHA_POLL_TITLES: String(bitcoin) },
      market: (simulated) => new PricedMarket(simulated),
    })
    players = []
    for (let i = 0; i < 6; i++) players.push(await signUpPlayer(server))
  })
  afterAll(() => server.stop())
  beforeEach(expectMoneyConserved)

  it('pays the winners pro rata at evalTime and the rounding remainder to the Bank', async () => {
    const [a, b, c, d] = players as [SignedUp, SignedUp, SignedUp, SignedUp]
    const poll = await pollWith(
      [
        [a, 'up', 10],
        [b, 'up', 20],
        [c, 'down', 3.33],
        [d, 'flat', 0.01],
      ],
      1.01,
    )
    await advanceTo(server, poll.evalTime - 60_000)
    await expectMoneyConserved()
    expect(await paymentsOf(poll.pollId)).toEqual([])
    const bank = async () =>
      (
        await server.ctx.db
          .selectFrom('wallets')
          .select('balance')
          .where('address', '=', 'bank')
          .executeTakeFirstOrThrow()
      ).balance
    const bankAtStart = await bank()

    await advanceTo(server, poll.evalTime + 1000)
    const expected = settlePot(
      [
        { userId: a.user.id, vote: 'up', amount: 10_00 },
        { userId: b.user.id, vote: 'up', amount: 20_00 },
        { userId: c.user.id, vote: 'down', amount: 3_33 },
        { userId: d.user.id, vote: 'flat', amount: 1 },
      ],
      'up',
    )
    expect(expected).toEqual({
      pot: 33_34,
      bank: 1,
      payouts: new Map([
        [a.user.id, 11_11],
        [b.user.id, 22_22],
      ]),
    })
    expect((await balances()).slice(0, 4)).toEqual([
      100_00 - 10_00 + 11_11,
      100_00 - 20_00 + 22_22,
      100_00 - 3_33,
      100_00 - 1,
    ])
    expect(await bank()).toBe(bankAtStart + 1)
    expect((await paymentsOf(poll.pollId)).map((p) => p.amount).sort((x, y) => x - y)).toEqual([
      1, 11_11, 22_22,
    ])

    const seenByA = (await pollsOf(a)).find((p) => p.pollId === poll.pollId)
    expect(seenByA).toMatchObject({
      phase: 'evaluated',
      outcome: 'up',
      evalPrice: poll.priceBase * 1.01,
      settledAt: expect.any(Number),
      votes: [{ vote: 'up', ttcBet: 10, payout: 11.11 }],
      results: { numUsersBetUp: 2, numUsersBetFlat: 1, numUsersBetDown: 1, totalTtcBet: 33.34 },
    })
    expect((await pollsOf(c)).find((p) => p.pollId === poll.pollId)?.votes[0]?.payout).toBe(0)

    const performance = await a.client.get<PollPerformance>('/v1/stockgame/polls/performance')
    expect(performance.body).toEqual({
      titles: [
        {
          titleId: bitcoin,
          titleName: 'Bitcoin',
          bets: 1,
          open: 0,
          won: 1,
          lost: 0,
          ttcStaked: 10,
          ttcWon: 11.11,
        },
      ],
      total: { bets: 1, open: 0, won: 1, lost: 0, ttcStaked: 10, ttcWon: 11.11 },
    })
  })

  it('gives the Bank the whole pot when nobody won, and pays flat bets within the flat band', async () => {
    const [a, b, c, d] = players as [SignedUp, SignedUp, SignedUp, SignedUp]
    const before = await balances()
    const lost = await pollWith(
      [
        [a, 'up', 5],
        [b, 'flat', 7],
      ],
      0.98,
    )
    await advanceTo(server, lost.evalTime + 1000)
    expect(await paymentsOf(lost.pollId)).toEqual([{ walletAddress: 'bank', amount: 12_00 }])
    expect((await balances()).slice(0, 2)).toEqual([(before[0] ?? 0) - 5_00, (before[1] ?? 0) - 7_00])
    await expectMoneyConserved()

    // +0.05 % is within the 0.1 % band: flat wins.
    const flat = await pollWith(
      [
        [c, 'flat', 1],
        [d, 'up', 2],
      ],
      1.0005,
    )
    await advanceTo(server, flat.evalTime + 1000)
    expect((await pollsOf(c)).find((p) => p.pollId === flat.pollId)?.outcome).toBe('flat')
    expect((await balances()).slice(2, 4)).toEqual([(before[2] ?? 0) + 2_00, (before[3] ?? 0) - 2_00])

    const performance = await a.client.get<PollPerformance>('/v1/stockgame/polls/performance')
    expect(performance.body.total).toEqual({
      bets: 2,
      open: 0,
      won: 1,
      lost: 1,
      ttcStaked: 15,
      ttcWon: 11.11,
    })
  })

  it('says that the Bank won a poll nobody called, on the poll and in the activity stream', async () => {
    const [a, b, c] = players as [SignedUp, SignedUp, SignedUp]
    const nobody = await pollWith(
      [
        [a, 'up', 5],
        [b, 'flat', 7.5],
      ],
      0.98,
    )
    await advanceTo(server, nobody.evalTime + 1000)
    const called = await pollWith(
      [
        [a, 'down', 1],
        [c, 'up', 2],
      ],
      1.05,
    )
    // not decided yet: nobody won anything
    expect((await pollsOf(c)).find((p) => p.pollId === called.pollId)?.bankWon).toBe(false)
    await advanceTo(server, called.evalTime + 1000)

    const polls = await pollsOf(c)
    const bankWon = (pollId: number) => polls.find((p) => p.pollId === pollId)?.bankWon
    expect([bankWon(nobody.pollId), bankWon(called.pollId)]).toEqual([true, false])

    const stream = await a.client.get<ActivityStreamElement[]>('/v1/stockgame/activity?limit=100')
    expect(stream.status).toBe(200)
    const settled = (pollId: number) =>
      stream.body.find((e) => e.type === 'Poll' && e.data.event === 'settled' && e.data.pollId === pollId)
        ?.data
    expect(settled(nobody.pollId)).toMatchObject({ outcome: 'down', bankWon: true, pot: 12.5 })
    expect(settled(called.pollId)).toMatchObject({ outcome: 'up', bankWon: false, pot: 3 })
    const opened = stream.body.find(
      (e) => e.type === 'Poll' && e.data.event === 'opened' && e.data.pollId === nobody.pollId,
    )
    expect(opened?.data).not.toHaveProperty('bankWon')
  })

  it('pays a poll once, when settlement runs twice and when two processes settle it at once', async () => {
    const [a, b] = players as [SignedUp, SignedUp]
    const poll = await pollWith(
      [
        [a, 'down', 3],
        [b, 'up', 4],
      ],
      0.9,
    )
    // Two settlers at the same moment, as two server processes would be.
    server.clock.advance(poll.evalTime + 1000 - server.clock.now())
    const now = server.clock.now()
    const runs = await Promise.all([settleDuePolls(server.ctx, now), settleDuePolls(server.ctx, now)])
    expect(runs[0] + runs[1]).toBe(1)
    await server.ctx.jobs.runAll()
    const row = await server.ctx.db
      .selectFrom('polls')
      .select(['id', 'titleId', 'priceBase', 'settledAt'])
      .where('id', '=', poll.pollId)
      .executeTakeFirstOrThrow()
    expect(await settlePoll(server.ctx, row, poll.priceBase, now + 1)).toBe(false)
    expect(
      await server.ctx.db
        .selectFrom('polls')
        .select(['settledAt', 'outcome'])
        .where('id', '=', poll.pollId)
        .executeTakeFirst(),
    ).toEqual({ settledAt: row.settledAt, outcome: 'down' })
    expect((await paymentsOf(poll.pollId)).map((p) => p.amount)).toEqual([7_00])
    await expectMoneyConserved()
  })

  it("keeps a deleted player's stake in the pot and gives their winning share to the Bank", async () => {
    const [, , , , e, f] = players as [SignedUp, SignedUp, SignedUp, SignedUp, SignedUp, SignedUp]
    const poll = await pollWith(
      [
        [e, 'up', 10],
        [f, 'up', 10],
        [players[0] as SignedUp, 'down', 5],
      ],
      1.02,
    )
    const deleted = await e.client.delete('/v1/users/me', { password: e.password })
    expect(deleted.status).toBe(204)
    await expectMoneyConserved()
    const votes = await server.ctx.db
      .selectFrom('votes')
      .select(['userId', 'ttcBet'])
      .where('pollId', '=', poll.pollId)
      .orderBy('id')
      .execute()
    expect(votes).toEqual([
      { userId: null, ttcBet: 10_00 },
      { userId: f.user.id, ttcBet: 10_00 },
      { userId: players[0]?.user.id, ttcBet: 5_00 },
    ])

    await advanceTo(server, poll.evalTime + 1000)
    const payments = await paymentsOf(poll.pollId)
    const fWallet = f.user.wallet.address
    expect(payments).toEqual(
      [
        { walletAddress: 'bank', amount: 12_50 },
        { walletAddress: fWallet, amount: 12_50 },
      ].sort((x, y) => (x.walletAddress < y.walletAddress ? -1 : 1)),
    )
    await expectMoneyConserved()
  })
})
