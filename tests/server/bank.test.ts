import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bankAddress } from '../../server/game/ledger'
import type { BankReport } from '../../src/api/bank'
import type { Poll } from '../../src/api/polls'
import { isoDay } from '../../src/domain/balance-history'
import type { PollOutcome } from '../../src/domain/poll-phase'
import { periodSpan } from '../../src/domain/ranking-periods'
import { zonedDate } from '../../src/domain/zoned-time'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { bet } from '../support/game'
import { advanceTo, bitcoin, PricedMarket, pollsOf, pricedMarket, toNextPollStart } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

describe.each(dialects)('the Bank as an opponent on %s', (dialect) => {
  let server: TestServer
  let alice: SignedUp
  let bob: SignedUp
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { ALPHA_POLL_TITLES: String(bitcoin) },
      market: (simulated) => new PricedMarket(simulated),
    })
    alice = await signUpPlayer(server)
    bob = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  /** Opens the next poll, places the bets and makes it end up (the price 1 % above its base). */
  async function pollEndingUp(bets: [SignedUp, PollOutcome, number][]): Promise<Poll> {
    const start = await toNextPollStart(server)
    const poll = (await pollsOf(alice)).find((p) => p.startTime === start)
    if (!poll) throw new Error('no poll opened')
    for (const [player, vote, ttc] of bets) await bet(player, poll, vote, ttc)
    pricedMarket(server).setPrice(bitcoin, poll.evalTime, poll.priceBase * 1.01)
    return poll
  }

  it('counts the pots it took when nobody called the poll and those it paid out, with its balance and who beat it', async () => {
    const called = await pollEndingUp([
      [alice, 'up', 5],
      [bob, 'down', 3],
    ])
    const uncalled = await pollEndingUp([[bob, 'flat', 2]])
    await advanceTo(server, Math.max(called.evalTime, uncalled.evalTime) + 60_000)

    const answer = await alice.client.get<BankReport>('/v1/stockgame/bank')
    expect(answer.status).toBe(200)
    const report = answer.body
    expect(report.potsWon).toEqual({ count: 1, ttc: 2 })
    expect(report.potsLost).toEqual({ count: 1, ttc: 8 })
    const wallet = await server.ctx.db
      .selectFrom('wallets')
      .select('balance')
      .where('address', '=', bankAddress)
      .executeTakeFirstOrThrow()
    expect(report.balance).toBe(wallet.balance / 100)
    expect(report.balance).toBeGreaterThanOrEqual(2)
    // from the day the game began (alice's sign-up, its first ledger entry) to today, no day before
    const timeZone = server.ctx.config.timeZone
    expect(report.balanceHistory[0]?.day).toBe(isoDay(zonedDate(alice.user.createdAt, timeZone)))
    expect(report.balanceHistory.at(-1)?.day).toBe(isoDay(zonedDate(server.clock.now(), timeZone)))
    expect(report.balanceHistory.length).toBeLessThan(14)
    expect(report.balanceHistory.at(-1)?.balance).toBe(report.balance)
    // alice staked 5 and was paid the pot of 8: she beat the Bank by 3 this week
    const settledAt = (await pollsOf(alice)).find((p) => p.pollId === called.pollId)?.settledAt ?? 0
    const { from = 0 } = periodSpan('this_week', server.clock.now(), server.ctx.config.timeZone)
    expect(report.beatenBy).toEqual(
      settledAt >= from ? [{ userId: alice.user.id, username: alice.username, pollsWon: 1, ttcWon: 3 }] : [],
    )
  })

  it('is for signed-in players', async () => {
    const guest = await server.app.inject({ method: 'GET', url: '/v1/stockgame/bank' })
    expect(guest.statusCode).toBe(401)
  })
})
