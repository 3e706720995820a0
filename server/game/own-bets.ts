import { type Selectable, sql } from 'kysely'
import type { Executor } from '../db/database'
import { isPostgres } from '../db/dialect'
import { preparedQuery } from '../db/prepared-query'
import type { VotesTable } from '../db/tables/polls.table'

/** One of a player's bets (amounts in hundredths), as the state lists it under its poll. */
export type OwnBet = Pick<Selectable<VotesTable>, 'pollId' | 'vote' | 'ttcBet' | 'createdAt' | 'payout'>

/**
 * A player's bets on polls from `fromPollId` on (a range on the (user_id, poll_id) index, not a list
 * of 50 ids) as one JSON text of arrays: a column any statement can carry, so the state's versions
 * read them in their own round trip (readGroupVersions), and `readOwnBets` alone when they could not.
 */
export function ownBetsColumn(db: Executor, userId: number, fromPollId: number) {
  const where = sql`where v.user_id = ${userId} and v.poll_id >= ${fromPollId}`
  return isPostgres(db)
    ? sql<
        string | null
      >`(select json_agg(json_build_array(v.poll_id, v.vote, v.ttc_bet, v.created_at, v.payout))::text from votes v ${where})`
    : sql<
        string | null
      >`(select json_group_array(json_array(v.poll_id, v.vote, v.ttc_bet, v.created_at, v.payout)) from votes v ${where})`
}

/** The bets from `ownBetsColumn`'s text (PostgreSQL's aggregate of no rows is null). */
export function parseOwnBets(text: string | null): OwnBet[] {
  const rows = JSON.parse(text ?? '[]') as [number, OwnBet['vote'], number, number, number | null][] | null
  return (rows ?? []).map(([pollId, vote, ttcBet, createdAt, payout]) => ({
    pollId: Number(pollId),
    vote,
    ttcBet: Number(ttcBet),
    createdAt: Number(createdAt),
    payout: payout === null ? null : Number(payout),
  }))
}

const ownBetsQuery = preparedQuery<{ userId: number; fromPollId: number }, { bets: string | null }>(
  (db, value) => sql`select ${ownBetsColumn(db, value('userId'), value('fromPollId'))} as bets`,
)

/** `ownBetsColumn` in a statement of its own. */
export async function readOwnBets(db: Executor, userId: number, fromPollId: number): Promise<OwnBet[]> {
  const { rows } = await ownBetsQuery(db, { userId, fromPollId })
  return parseOwnBets(rows[0]?.bets ?? null)
}
