import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely'
import type { OwnVote, Poll, PollPerformance, PollResults, PollStatus } from '../../src/api/polls'
import { fromHundredths } from '../../src/domain/currency'
import { bankWonPot } from '../../src/domain/parimutuel'
import { pollPhase } from '../../src/domain/poll-phase'
import type { Executor } from '../db/database'
import type { MarketSource } from '../market/source'

/** The spec keeps at most 50 polls, newest by end time. */
export const pollListLimit = 50

/**
 * Polls of the titles the market knows, as a filter on polls read newest first by a time index. The
 * unary plus keeps the title key out of SQLite's choice of index: offered a list of a hundred titles,
 * it reads every poll of them through (title_id, start_time) and sorts them all, where the time index
 * reads one page. Nearly every poll is of a known title, so the filter drops next to nothing.
 */
export function ofKnownTitles(known: readonly number[]): RawBuilder<SqlBool> {
  return sql<SqlBool>`+${sql.ref('titleId')} in (${sql.join(known)})`
}

/** A poll row's running totals (0008) as the results the API shows. */
export function resultsOfRow(row: {
  betsUp: number
  betsFlat: number
  betsDown: number
  ttcBetTotal: number
  ttcBetUp: number
  ttcBetFlat: number
  ttcBetDown: number
}): PollResults {
  return {
    numUsersBetUp: Number(row.betsUp),
    numUsersBetFlat: Number(row.betsFlat),
    numUsersBetDown: Number(row.betsDown),
    totalTtcBet: fromHundredths(Number(row.ttcBetTotal)),
    ttcBetUp: fromHundredths(Number(row.ttcBetUp)),
    ttcBetFlat: fromHundredths(Number(row.ttcBetFlat)),
    ttcBetDown: fromHundredths(Number(row.ttcBetDown)),
  }
}

/** The poll row's columns `resultsOfRow` reads. */
export const resultsColumns = [
  'betsUp',
  'betsFlat',
  'betsDown',
  'ttcBetTotal',
  'ttcBetUp',
  'ttcBetFlat',
  'ttcBetDown',
] as const

/**
 * The polls a player sees: the newest 50 by end time of titles the market knows, each with the
 * player's own bet and everybody's counts (the polls' running totals). Two queries, whatever the number
 * of polls.
 */
export async function listPolls(
  db: Executor,
  options: { userId: number; now: number; market: MarketSource; flatBand: number; limit?: number },
): Promise<Poll[]> {
  const known = options.market.titles().map((title) => title.id)
  if (known.length === 0) return []
  const polls = await db
    .selectFrom('polls')
    .selectAll()
    .where(ofKnownTitles(known))
    .orderBy('endTime', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? pollListLimit)
    .execute()
  if (polls.length === 0) return []
  const ids = polls.map((poll) => poll.id)
  const own = await db
    .selectFrom('votes')
    .select(['pollId', 'userId', 'vote', 'ttcBet', 'createdAt', 'payout'])
    .where('userId', '=', options.userId)
    .where('pollId', 'in', ids)
    .execute()
  const ownByPoll = new Map(own.map((vote) => [vote.pollId, vote]))
  return polls.map((poll) => {
    const vote = ownByPoll.get(poll.id)
    const votes: OwnVote[] = vote
      ? [
          {
            pollId: poll.id,
            userId: options.userId,
            vote: vote.vote,
            ttcBet: fromHundredths(vote.ttcBet),
            createdAt: vote.createdAt,
            payout: vote.payout === null ? null : fromHundredths(vote.payout),
          },
        ]
      : []
    const results = resultsOfRow(poll)
    return {
      pollId: poll.id,
      titleId: poll.titleId,
      priceBase: poll.priceBase,
      startTime: poll.startTime,
      endTime: poll.endTime,
      evalTime: poll.evalTime,
      createdAt: poll.createdAt,
      flatBand: options.flatBand,
      phase: pollPhase(poll, options.now),
      evalPrice: poll.evalPrice,
      outcome: poll.outcome,
      settledAt: poll.settledAt,
      bankWon: poll.settledAt !== null && bankWonPot(poll.outcome, results),
      votes,
      results,
    }
  })
}

/** Number of bets and the pot (the poll's running totals); undefined for an unknown poll. */
export async function pollStatus(db: Executor, pollId: number): Promise<PollStatus | undefined> {
  const row = await db.selectFrom('polls').select(resultsColumns).where('id', '=', pollId).executeTakeFirst()
  if (!row) return undefined
  const results = resultsOfRow(row)
  return {
    pollId,
    votesCast: results.numUsersBetUp + results.numUsersBetFlat + results.numUsersBetDown,
    totalTtcBet: results.totalTtcBet,
  }
}

/** The player's bets per title: how many, how many won and lost, TTC staked and paid out. */
export async function pollPerformance(
  db: Executor,
  userId: number,
  market: MarketSource,
): Promise<PollPerformance> {
  const rows = await db
    .selectFrom('votes')
    .innerJoin('polls', 'polls.id', 'votes.pollId')
    .select((eb) => {
      const count = (condition: Expression<SqlBool>) =>
        eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end())
      return [
        'polls.titleId',
        eb.fn.countAll<number>().as('bets'),
        count(eb('polls.settledAt', 'is', null)).as('open'),
        count(eb('polls.outcome', '=', eb.ref('votes.vote'))).as('won'),
        count(
          eb.and([eb('polls.outcome', 'is not', null), eb('polls.outcome', '<>', eb.ref('votes.vote'))]),
        ).as('lost'),
        eb.fn.sum<number>('votes.ttcBet').as('staked'),
        eb.fn.sum<number>(eb.fn.coalesce('votes.payout', eb.lit(0))).as('paid'),
      ]
    })
    .where('votes.userId', '=', userId)
    .groupBy('polls.titleId')
    .orderBy('polls.titleId')
    .execute()
  const total = { bets: 0, open: 0, won: 0, lost: 0, staked: 0, paid: 0 }
  const titles = rows.map((row) => {
    const counts = {
      bets: Number(row.bets),
      open: Number(row.open),
      won: Number(row.won),
      lost: Number(row.lost),
      staked: Number(row.staked),
      paid: Number(row.paid),
    }
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += counts[key]
    return {
      titleId: row.titleId,
      titleName: market.title(row.titleId)?.n ?? String(row.titleId),
      ...wire(counts),
    }
  })
  return { titles, total: wire(total) }
}

function wire(counts: {
  bets: number
  open: number
  won: number
  lost: number
  staked: number
  paid: number
}) {
  return {
    bets: counts.bets,
    open: counts.open,
    won: counts.won,
    lost: counts.lost,
    ttcStaked: fromHundredths(counts.staked),
    ttcWon: fromHundredths(counts.paid),
  }
}

/** Hundredths staked in polls not settled yet: money that is in no wallet until the settlement pays it. */
export async function openPotsTotal(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('votes')
    .innerJoin('polls', 'polls.id', 'votes.pollId')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('votes.ttcBet'), eb.lit(0)).as('total'))
    .where('polls.settledAt', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}
