import { sql } from 'kysely'
import { Temporal } from 'temporal-polyfill'
import type { MarketSource } from '../../server/market/source'
import type { Poll } from '../../src/api/polls'
import { nextPollStart } from '../../src/domain/poll-schedule'
import type { SignedUp } from './accounts'
import { DrivenMarket } from './driven-market'
import type { TestServer } from './test-server'

export const berlin = 'Europe/Berlin'
export const bitcoin = 99979
export const ethereum = 99980
export const dax = 1000004
export const apple = 2494

/** The first instant at local `time` on one of `weekdays` (ISO, 1 = Monday) at least `minAheadMs` after `now`. */
export function nextLocalTime(
  now: number,
  time: string,
  weekdays: readonly number[] = [1, 2, 3, 4, 5, 6, 7],
  minAheadMs = 60_000,
  zone = berlin,
): number {
  let date = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(zone).toPlainDate()
  for (let i = 0; i < 15; i++) {
    if (weekdays.includes(date.dayOfWeek)) {
      const at = date.toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from(time) })
      if (at.epochMilliseconds >= now + minAheadMs) return at.epochMilliseconds
    }
    date = date.add({ days: 1 })
  }
  throw new Error(`no ${time} within two weeks`)
}

/** Local wall time of an instant, e.g. 'Mon 08:00'. */
export function localTime(ms: number, zone = berlin): string {
  const t = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone)
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][t.dayOfWeek - 1]
  return `${day} ${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`
}

/** Moves the server clock to `target` (never back) and runs the jobs, as `POST /v1/test/clock` does. */
export async function advanceTo(server: TestServer, target: number): Promise<void> {
  server.clock.advance(Math.max(0, target - server.clock.now()))
  await server.ctx.jobs.runAll()
}

export async function advanceBy(server: TestServer, ms: number): Promise<void> {
  server.clock.advance(ms)
  await server.ctx.jobs.runAll()
}

/** Moves to a second after the next poll start (jobs run, so its polls are open) and returns that start. */
export async function toNextPollStart(server: TestServer): Promise<number> {
  const start = nextPollStart(server.clock.now(), server.ctx.config.timeZone)
  await advanceTo(server, start + 1000)
  return start
}

/** Moves to the next poll start and returns the poll that opened then (the first, as `player` sees them). */
export async function openNextPoll(server: TestServer, player: SignedUp): Promise<Poll> {
  const start = await toNextPollStart(server)
  const poll = (await pollsOf(player)).find((p) => p.startTime === start)
  if (!poll) throw new Error('no poll opened')
  return poll
}

/** The market with settable prices at given instants (the eval price a test wants), else the simulation's. */
export class PricedMarket extends DrivenMarket {
  readonly #prices = new Map<string, number>()
  constructor(inner: MarketSource) {
    super(inner)
    const simulated = this.priceAt
    this.priceAt = async (id, at) => this.#prices.get(`${id}@${at}`) ?? simulated(id, at)
  }
  setPrice(id: number, at: number, price: number): void {
    this.#prices.set(`${id}@${at}`, price)
  }
}

export function pricedMarket(server: TestServer): PricedMarket {
  if (!(server.ctx.market instanceof PricedMarket))
    throw new Error('start the server with market: PricedMarket')
  return server.ctx.market
}

export async function pollsOf(player: SignedUp): Promise<Poll[]> {
  const answer = await player.client.get<Poll[]>('/v1/stockgame/polls')
  if (answer.status !== 200) throw new Error(`poll list: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body
}

export async function balanceOf(server: TestServer, userId: number): Promise<number> {
  const row = await server.ctx.db
    .selectFrom('wallets')
    .select('balance')
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow()
  return row.balance
}

/**
 * The money in the game, in hundredths: every wallet (the Bank's included), the stakes in polls not
 * settled yet, and what was ever created (grants, tag and reward credits). The first two add up to the
 * third after every step, or money was made or lost.
 */
export async function moneyInGame(server: TestServer) {
  const db = server.ctx.db
  const wallets = await db
    .selectFrom('wallets')
    .select((eb) => [eb.fn.sum<number>('balance').as('total'), eb.fn.min<number>('balance').as('lowest')])
    .executeTakeFirstOrThrow()
  const pots = await db
    .selectFrom('votes')
    .innerJoin('polls', 'polls.id', 'votes.pollId')
    .select((eb) => eb.fn.sum<number>('votes.ttcBet').as('total'))
    .where('polls.settledAt', 'is', null)
    .executeTakeFirstOrThrow()
  const created = await db
    .selectFrom('ledger')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('type', 'in', ['grant', 'tag', 'reward'])
    .executeTakeFirstOrThrow()
  // Every balance is the sum of its ledger rows.
  const drift = await db
    .selectFrom('wallets')
    .leftJoin('ledger', 'ledger.walletAddress', 'wallets.address')
    .select(['wallets.address', 'wallets.balance', sql<number>`coalesce(sum(ledger.amount), 0)`.as('booked')])
    .groupBy(['wallets.address', 'wallets.balance'])
    .execute()
  return {
    wallets: Number(wallets.total ?? 0),
    lowestBalance: Number(wallets.lowest ?? 0),
    openPots: Number(pots.total ?? 0),
    created: Number(created.total ?? 0),
    unbookedWallets: drift.filter((w) => Number(w.balance) !== Number(w.booked)).map((w) => w.address),
  }
}
