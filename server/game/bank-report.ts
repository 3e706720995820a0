import { sql } from 'kysely'
import { type BankReport, bankBeatenByRows, bankHistoryDays } from '../../src/api/bank'
import { balanceHistory, historyDays } from '../../src/domain/balance-history'
import { fromHundredths } from '../../src/domain/currency'
import { bankWonPot } from '../../src/domain/parimutuel'
import { periodSpan } from '../../src/domain/ranking-periods'
import { addDays, zonedDate, zonedEpochMs } from '../../src/domain/zoned-time'
import type { Executor } from '../db/database'
import { bankAddress } from './ledger'

/** Settled polls with a pot: each won by the Bank (nobody called the outcome) or lost to the callers. */
async function potsOf(db: Executor) {
  const rows = await db
    .selectFrom('polls')
    .innerJoin('votes', 'votes.pollId', 'polls.id')
    .select(({ fn }) => [
      'polls.outcome',
      fn.sum<number>('votes.ttcBet').as('pot'),
      sql<number>`sum(case when votes.vote = 'up' then 1 else 0 end)`.as('up'),
      sql<number>`sum(case when votes.vote = 'flat' then 1 else 0 end)`.as('flat'),
      sql<number>`sum(case when votes.vote = 'down' then 1 else 0 end)`.as('down'),
    ])
    .where('polls.settledAt', 'is not', null)
    .groupBy(['polls.id', 'polls.outcome'])
    .execute()
  const won = { count: 0, ttc: 0 }
  const lost = { count: 0, ttc: 0 }
  for (const row of rows) {
    const counts = {
      numUsersBetUp: Number(row.up),
      numUsersBetFlat: Number(row.flat),
      numUsersBetDown: Number(row.down),
      totalTtcBet: Number(row.pot),
    }
    const side = bankWonPot(row.outcome, counts) ? won : lost
    side.count += 1
    side.ttc += counts.totalTtcBet
  }
  return {
    potsWon: { count: won.count, ttc: fromHundredths(won.ttc) },
    potsLost: { count: lost.count, ttc: fromHundredths(lost.ttc) },
  }
}

/** This week's settled polls whose callers were paid more than they staked, per player. */
function beatenBy(db: Executor, now: number, timeZone: string) {
  const { from = 0 } = periodSpan('this_week', now, timeZone)
  return db
    .selectFrom('votes')
    .innerJoin('polls', 'polls.id', 'votes.pollId')
    .innerJoin('users', 'users.id', 'votes.userId')
    .select(({ fn }) => [
      'users.id as userId',
      'users.username',
      fn.countAll<number>().as('pollsWon'),
      sql<number>`sum(votes.payout - votes.ttc_bet)`.as('won'),
    ])
    .where('polls.settledAt', '>=', from)
    .where(sql<boolean>`votes.payout > votes.ttc_bet`)
    .groupBy(['users.id', 'users.username'])
    .orderBy('won', 'desc')
    .orderBy('users.id')
    .limit(bankBeatenByRows)
    .execute()
}

/** The Bank's page: its balance and its history, the pots it won and lost, the players who beat it. */
export async function bankReport(db: Executor, now: number, timeZone: string): Promise<BankReport> {
  // the game began with its first ledger entry (a sign-up's grant): no history before that day
  const first = await db.selectFrom('ledger').select('createdAt').orderBy('id').limit(1).executeTakeFirst()
  const days = historyDays(first?.createdAt, now, timeZone, bankHistoryDays)
  const firstDay = addDays(zonedDate(now, timeZone), 1 - days)
  const since = zonedEpochMs(firstDay, 0, 0, timeZone)
  const [wallet, changes, pots, winners] = await Promise.all([
    db.selectFrom('wallets').select('balance').where('address', '=', bankAddress).executeTakeFirst(),
    db
      .selectFrom('ledger')
      .select(['createdAt as at', 'amount'])
      .where('walletAddress', '=', bankAddress)
      .where('createdAt', '>=', since)
      .execute(),
    potsOf(db),
    beatenBy(db, now, timeZone),
  ])
  const balance = wallet?.balance ?? 0
  return {
    balance: fromHundredths(balance),
    ...pots,
    balanceHistory: balanceHistory(balance, changes, now, days, timeZone).map((day) => ({
      day: day.day,
      balance: fromHundredths(day.balance),
    })),
    beatenBy: winners.map((row) => ({
      userId: row.userId,
      username: row.username,
      pollsWon: Number(row.pollsWon),
      ttcWon: fromHundredths(Number(row.won)),
    })),
  }
}
