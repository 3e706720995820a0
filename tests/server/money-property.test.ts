import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { predictionsWithEvaluation } from '../../server/game/evaluated-predictions'
import { prizeWalletOf } from '../../server/game/group-prizes'
import { mintingTypes } from '../../server/game/ledger'
import type { Poll } from '../../src/api/polls'
import type { AuthUser } from '../../src/api/users'
import { nextPollStart } from '../../src/domain/poll-schedule'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { advanceClock, advanceClockTo, PairSource } from '../support/game'
import { bitcoin } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * Random sequences of sign-ups, bets (valid and not), tags, events with a prize and clock moves (a
 * minute to days; the jobs evaluate, open, settle and pay on every move) against a real server, with
 * the money rules checked after every step:
 * - no balance below 0, and every balance the sum of its ledger rows;
 * - conservation: all wallets (players, the Bank, event prize wallets) + the stakes of unsettled polls
 *   = all money ever minted (grant, tag and reward rows; an event prize moves out of its prize wallet
 *   as a pair of 'reward' rows that cancel);
 * - every poll paid at most once: no payment before its settlement, then at most one row per bet plus
 *   the Bank's, summing to its pot, and each event prize paid by at most one pair of rows summing to 0.
 *
 * MONEY_RUNS sets the runs per database (each up to MONEY_STEPS steps); MONEY_SEED replays one.
 */
const runs = Number(process.env.MONEY_RUNS ?? 30)
const maxSteps = Number(process.env.MONEY_STEPS ?? 30)
const seed = process.env.MONEY_SEED ? Number(process.env.MONEY_SEED) : undefined

const minute = 60_000

type Step =
  | { kind: 'signUp' }
  | {
      kind: 'bet'
      player: number
      side: 'up' | 'flat' | 'down'
      amount: 'share' | 'all' | 'over' | 'zero' | 'cents'
      share: number
    }
  | { kind: 'betAgain'; player: number }
  | { kind: 'tag'; player: number; trend: 'Up' | 'Down' }
  | { kind: 'event'; player: number; prize: number; hours: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'toPollStart'; minutes: number }

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'signUp' as const }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      player: fc.nat(),
      side: fc.constantFrom('up' as const, 'flat' as const, 'down' as const),
      amount: fc.constantFrom(
        'share' as const,
        'share' as const,
        'all' as const,
        'over' as const,
        'zero' as const,
        'cents' as const,
      ),
      share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('betAgain' as const), player: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('tag' as const),
      player: fc.nat(),
      trend: fc.constantFrom('Up' as const, 'Down' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('event' as const),
      player: fc.nat(),
      prize: fc.integer({ min: 1, max: 3000 }).map((cents) => cents / 100),
      hours: fc.integer({ min: 1, max: 30 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc
      .oneof(
        { weight: 3, arbitrary: fc.integer({ min: 1, max: 120 }).map((m) => m * minute) },
        { weight: 2, arbitrary: fc.integer({ min: 1, max: 48 }).map((h) => h * 60 * minute) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }).map((d) => d * 24 * 60 * minute) },
      )
      .map((ms) => ({ kind: 'advance' as const, ms })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('toPollStart' as const),
      minutes: fc.integer({ min: 0, max: 119 }),
    }),
  },
)

describe.each(dialects)('money under random play on %s', (dialect) => {
  let server: TestServer
  let pairs: PairSource
  const players: SignedUp[] = []
  /** each player's direction per title ('<userId>/<titleId>') */
  const heldTrends = new Map<string, 'Up' | 'Down'>()

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ALPHA_POLL_TITLES: String(bitcoin) } })
    pairs = new PairSource(server)
    players.push(await signUpPlayer(server), await signUpPlayer(server))
  })
  afterAll(async () => {
    if (process.env.MONEY_STATS === '1') await printStats()
    await server.stop()
  })

  const playerAt = (index: number) => players[index % players.length] as SignedUp

  /**
   * A request as the player; a session that ran out while the clock raced ahead (30 idle days) is
   * renewed by signing in again.
   */
  async function as<T>(player: SignedUp, method: 'GET' | 'POST', path: string, body?: unknown) {
    const answer = await player.client.request<T>(method, path, body)
    if (answer.status !== 401) return answer
    const signIn = await player.client.post('/v1/auth/signin', {
      login: player.username,
      password: player.password,
    })
    expect(signIn.status).toBe(200)
    return player.client.request<T>(method, path, body)
  }

  async function balanceOf(player: SignedUp): Promise<number> {
    return (await as<AuthUser>(player, 'GET', '/v1/auth/info')).body.wallet.balance
  }

  /** The open poll if there is one (a valid bet), else the newest (closed: refused). */
  async function pollToBetOn(player: SignedUp): Promise<Poll | undefined> {
    const polls = (await as<Poll[]>(player, 'GET', '/v1/stockgame/polls')).body
    return polls.find((poll) => poll.phase === 'open') ?? polls[0]
  }

  async function run(step: Step): Promise<void> {
    switch (step.kind) {
      case 'signUp': {
        players.push(await signUpPlayer(server))
        return
      }
      case 'bet':
      case 'betAgain': {
        const player = playerAt(step.player)
        const poll = await pollToBetOn(player)
        if (!poll) return
        const balance = await balanceOf(player)
        const amounts = {
          share: Math.max(0.01, Math.floor(balance * (step.kind === 'bet' ? step.share : 0.1) * 100) / 100),
          all: balance,
          over: Math.round((balance + 0.01) * 100) / 100,
          zero: 0,
          cents: 0.001,
        }
        const amount = step.kind === 'bet' ? amounts[step.amount] : amounts.share
        const body = {
          pollId: poll.pollId,
          userId: player.user.id,
          vote: step.kind === 'bet' ? step.side : 'up',
          ttcBet: amount,
        }
        const placed = poll.votes.length > 0
        const tries = step.kind === 'betAgain' ? 2 : 1
        for (let i = 0; i < tries; i++) {
          const answer = await as(player, 'POST', `/v1/stockgame/polls/${poll.pollId}/vote`, body)
          const valid =
            poll.phase === 'open' && !placed && i === 0 && amount > 0 && amount <= balance && amount >= 0.01
          if (step.kind === 'bet' && step.amount !== 'share' && step.amount !== 'all')
            expect(answer.status).toBeGreaterThanOrEqual(400)
          if (valid) expect(answer.status, JSON.stringify(answer.body)).toBe(200)
          else expect([400, 409]).toContain(answer.status)
        }
        return
      }
      case 'tag': {
        const player = playerAt(step.player)
        const [pair] = await pairs.take(1).catch(() => [])
        if (!pair) return
        // a player keeps the direction of their first call on a title (fair play refuses the opposite)
        const held = `${player.user.id}/${pair.titleId}`
        const trend = heldTrends.get(held) ?? step.trend
        heldTrends.set(held, trend)
        const answer = await as(
          player,
          'POST',
          `/v1/stockgame/tagged-messages/${encodeURIComponent(pair.messageId)}/tag`,
          { userId: player.user.id, titleId: pair.titleId, messageId: pair.messageId, trend },
        )
        expect(answer.status, JSON.stringify(answer.body)).toBe(200)
        return
      }
      case 'event': {
        const player = playerAt(step.player)
        const answer = await as(player, 'POST', '/v1/stockgame/groups', {
          name: 'Sprint',
          type: 'event',
          publicGroup: true,
          endTime: server.clock.now() + step.hours * 60 * minute,
          extraPrize: step.prize,
        })
        expect([201, 400]).toContain(answer.status)
        return
      }
      case 'advance': {
        await advanceClock(server, step.ms)
        return
      }
      case 'toPollStart': {
        const start = nextPollStart(server.clock.now(), server.ctx.config.timeZone)
        await advanceClockTo(server, start + step.minutes * minute)
        return
      }
    }
  }

  async function checkMoney(): Promise<void> {
    const db = server.ctx.db
    const wallets = await db
      .selectFrom('wallets')
      .select((eb) => [eb.fn.sum<number>('balance').as('total'), eb.fn.min<number>('balance').as('lowest')])
      .executeTakeFirstOrThrow()
    expect(Number(wallets.lowest)).toBeGreaterThanOrEqual(0)
    const pots = await db
      .selectFrom('votes')
      .innerJoin('polls', 'polls.id', 'votes.pollId')
      .select((eb) => eb.fn.sum<number>('votes.ttcBet').as('total'))
      .where('polls.settledAt', 'is', null)
      .executeTakeFirstOrThrow()
    const minted = await db
      .selectFrom('ledger')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('type', 'in', mintingTypes)
      .executeTakeFirstOrThrow()
    expect(Number(wallets.total) + Number(pots.total ?? 0)).toBe(Number(minted.total))

    const unbooked = await db
      .selectFrom('wallets')
      .leftJoin('ledger', 'ledger.walletAddress', 'wallets.address')
      .select([
        'wallets.address',
        'wallets.balance',
        sql<number>`coalesce(sum(ledger.amount), 0)`.as('booked'),
      ])
      .groupBy(['wallets.address', 'wallets.balance'])
      .execute()
    expect(unbooked.filter((w) => Number(w.balance) !== Number(w.booked))).toEqual([])

    const polls = await db
      .selectFrom('polls')
      .leftJoin('votes', 'votes.pollId', 'polls.id')
      .select((eb) => [
        'polls.id',
        'polls.settledAt',
        eb.fn.count<number>('votes.id').as('bets'),
        eb.fn.coalesce(eb.fn.sum<number>('votes.ttcBet'), eb.lit(0)).as('pot'),
      ])
      .groupBy(['polls.id', 'polls.settledAt'])
      .execute()
    const payments = await db
      .selectFrom('ledger')
      .select((eb) => [
        'reference',
        eb.fn.countAll<number>().as('rows'),
        eb.fn.sum<number>('amount').as('paid'),
      ])
      .where('type', '=', 'payment')
      .where('reference', 'like', 'poll:%')
      .groupBy('reference')
      .execute()
    const paid = new Map(payments.map((p) => [p.reference, { rows: Number(p.rows), paid: Number(p.paid) }]))
    for (const poll of polls) {
      const payment = paid.get(`poll:${poll.id}`)
      if (poll.settledAt === null || Number(poll.bets) === 0) {
        expect(payment, `poll ${poll.id}`).toBeUndefined()
        continue
      }
      expect(payment?.rows, `poll ${poll.id}`).toBeLessThanOrEqual(Number(poll.bets) + 1)
      expect(payment?.paid, `poll ${poll.id}`).toBe(Number(poll.pot))
    }

    const prizes = await db
      .selectFrom('ledger')
      .select((eb) => [
        'reference',
        eb.fn.countAll<number>().as('rows'),
        eb.fn.sum<number>('amount').as('net'),
      ])
      .where('type', '=', 'reward')
      .where('reference', 'like', 'group-prize:%')
      .groupBy('reference')
      .execute()
    for (const prize of prizes) {
      expect(Number(prize.rows)).toBe(2)
      expect(Number(prize.net)).toBe(0)
    }
    // a prize wallet is emptied exactly when its prize is paid or refunded
    const events = await db
      .selectFrom('userGroups')
      .select(['id', 'extraPrize', 'prizePaidAt'])
      .where('extraPrize', '>', 0)
      .execute()
    for (const event of events) {
      const wallet = await db
        .selectFrom('wallets')
        .select('balance')
        .where('address', '=', prizeWalletOf(event.id))
        .executeTakeFirst()
      expect(Number(wallet?.balance ?? 0)).toBe(event.prizePaidAt === null ? Number(event.extraPrize) : 0)
    }
  }

  /** MONEY_STATS=1: what the runs reached (bets, settlements, prizes), to tune the weights. */
  async function printStats() {
    const db = server.ctx.db
    const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length
    console.log(dialect, {
      players: players.length,
      bets: await count(db.selectFrom('votes').select('id')),
      settledPolls: await count(db.selectFrom('polls').select('id').where('settledAt', 'is not', null)),
      paidBets: await count(db.selectFrom('votes').select('id').where('payout', '>', 0)),
      evaluated: await count(
        predictionsWithEvaluation(db).select('t.userId').where('p.price', 'is not', null),
      ),
      prizesPaid: await count(db.selectFrom('userGroups').select('id').where('prizePaidAt', 'is not', null)),
      events: await count(db.selectFrom('userGroups').select('id').where('type', '=', 'event')),
    })
  }

  it('keeps every TTC accounted for after every step', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArbitrary, { minLength: 1, maxLength: maxSteps, size: 'max' }),
        async (steps) => {
          for (const step of steps) {
            await run(step)
            await checkMoney()
          }
        },
      ),
      { numRuns: runs, ...(seed === undefined ? {} : { seed }), endOnFailure: true },
    )
  }, 120_000)
})
