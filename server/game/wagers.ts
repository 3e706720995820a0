import type { Selectable } from 'kysely'
import { overBalanceText, type PollResults, pollTexts, type VoteValue } from '../../src/api/polls'
import { toHundredths } from '../../src/domain/currency'
import { pollPhase } from '../../src/domain/poll-phase'
import { ttcAmountProblem } from '../../src/domain/ttc-amount'
import type { Executor, Tx } from '../db/database'
import { preparedQuery } from '../db/prepared-query'
import type { PollsTable } from '../db/tables/polls.table'
import { fieldRefusal, notFound, Refusal } from '../refusal'
import { type FairPlay, refuseBetOnClosedMarket } from './fair-play'
import { post } from './ledger'
import { resultsColumns, resultsOfRow } from './polls.read'

export interface Bet {
  pollId: number
  userId: number
  vote: VoteValue
  /** TTC as sent: more than 0, at most two decimals, one hundredth at least (the schema saw to it) */
  ttcBet: number
  now: number
  /** the titles' hours and names and the game's zone, for the fair-play rule on closed markets */
  fairPlay: FairPlay
}

export const alreadyPlaced = () => new Refusal('already_placed', pollTexts.alreadyPlaced)
export const bettingClosed = () => new Refusal('betting_closed', pollTexts.bettingClosed)
export const overBalance = (balance: number) => fieldRefusal('ttcBet', overBalanceText(balance))

/** The wallet a player bets from: the first one opened. */
export async function primaryWallet(db: Executor, userId: number) {
  const wallet = await db
    .selectFrom('wallets')
    .select(['address', 'balance'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('address')
    .executeTakeFirst()
  if (!wallet) throw new Error(`user ${userId} has no wallet`)
  return wallet
}

const counterOf = { up: 'betsUp', flat: 'betsFlat', down: 'betsDown' } as const
const sidePotOf = { up: 'ttcBetUp', flat: 'ttcBetFlat', down: 'ttcBetDown' } as const

/** The poll's totals with one more bet on `vote`, if it is open; compiled once per vote (see preparedQuery). */
function countBetOn(vote: VoteValue) {
  const counter = counterOf[vote]
  const sidePot = sidePotOf[vote]
  return preparedQuery<{ stake: number; pollId: number; now: number }, PollTotals>((db, value) =>
    db
      .updateTable('polls')
      .set((eb) => ({
        [counter]: eb(counter, '+', 1),
        [sidePot]: eb(sidePot, '+', value('stake')),
        ttcBetTotal: eb('ttcBetTotal', '+', value('stake')),
      }))
      .where('id', '=', value('pollId'))
      .where('endTime', '>', value('now'))
      .returning([...resultsColumns]),
  )
}
type PollTotals = Pick<Selectable<PollsTable>, (typeof resultsColumns)[number]>
const countBet = { up: countBetOn('up'), flat: countBetOn('flat'), down: countBetOn('down') }

/** What a bet needs of its poll, read without a lock (the totals' update checks the end again). */
const pollOfBet = preparedQuery<{ pollId: number }, { endTime: number; evalTime: number; titleId: number }>(
  (db, value) =>
    db.selectFrom('polls').select(['endTime', 'evalTime', 'titleId']).where('id', '=', value('pollId')),
)

/** The vote row from the player's first wallet, unless the player bet on the poll already. */
const insertVote = preparedQuery<
  { pollId: number; userId: number; vote: VoteValue; stake: number; now: number },
  { walletAddress: string }
>((db, value) =>
  db
    .insertInto('votes')
    .values((eb) => ({
      pollId: value('pollId'),
      userId: value('userId'),
      walletAddress: eb
        .selectFrom('wallets')
        .select('address')
        .where('userId', '=', value('userId'))
        .orderBy('createdAt')
        .orderBy('address')
        .limit(1),
      vote: value('vote'),
      ttcBet: value('stake'),
      payout: null,
      createdAt: value('now'),
    }))
    .onConflict((conflict) => conflict.columns(['pollId', 'userId']).doNothing())
    .returning('walletAddress'),
)

/**
 * Places a bet in the caller's transaction: the vote row, the poll's running totals and the stake's
 * 'wager' ledger row commit together or not at all. The answers come in the order a player understands
 * them: the poll, open for bets, no bet yet, its title's market open (fair play, src/domain/fair-play.ts),
 * enough money. The poll is read first; then each check is the write itself: the vote's insert does
 * nothing on the (poll, player) key (on PostgreSQL a twin bet waits there for the first to commit), the
 * stake's posting only takes money that is there (the CHECK on the balance stays the last guard).
 * The poll's totals are updated last: on PostgreSQL every bet on the poll queues for that row's lock
 * until its transaction commits, so the row is held for one statement and the commit, not for the
 * whole bet. `betFailure` turns the errors of races the statements cannot see (none known) into the
 * same answers.
 */
export async function placeBet(tx: Tx, bet: Bet): Promise<PollResults> {
  const stake = toHundredths(bet.ttcBet)
  const [poll] = (await pollOfBet(tx, { pollId: bet.pollId })).rows
  if (!poll) throw notFound('Poll')
  if (pollPhase(poll, bet.now) !== 'open') throw bettingClosed()
  // Above the amounts the game takes (the schema leaves them to this), and beyond any balance: refused
  // by reads, in the same order.
  if (ttcAmountProblem(bet.ttcBet) === 'tooLarge') return refuseTooLarge(tx, bet)
  const [vote] = (
    await insertVote(tx, {
      pollId: bet.pollId,
      userId: bet.userId,
      vote: bet.vote,
      stake,
      now: bet.now,
    })
  ).rows
  if (!vote) throw alreadyPlaced()
  refuseBetOnClosedMarket(bet.fairPlay, poll.titleId, bet.now)
  const paid = await post(tx, {
    address: vote.walletAddress,
    type: 'wager',
    amount: -stake,
    reference: `poll:${bet.pollId}`,
    now: bet.now,
    covered: true,
  })
  if (paid.refused) throw overBalance((await primaryWallet(tx, bet.userId)).balance)
  const results = (await countBet[bet.vote](tx, { stake, pollId: bet.pollId, now: bet.now })).rows[0]
  // the same clock as the read: only a poll whose end moved since would miss
  if (!results) throw bettingClosed()
  return resultsOfRow(results)
}

/** Why a stake beyond any balance on an open poll is refused: a bet already placed, else money. */
async function refuseTooLarge(tx: Executor, bet: Bet): Promise<never> {
  const earlier = await tx
    .selectFrom('votes')
    .select('id')
    .where('pollId', '=', bet.pollId)
    .where('userId', '=', bet.userId)
    .executeTakeFirst()
  if (earlier) throw alreadyPlaced()
  throw overBalance((await primaryWallet(tx, bet.userId)).balance)
}

/**
 * The answer to a bet that lost a race inside the database: a twin bet committed first (unique key on
 * poll and player) or another bet spent the money (CHECK balance >= 0). Undefined for anything else.
 */
export async function betFailure(db: Executor, userId: number, error: unknown): Promise<Refusal | undefined> {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown }
  const code = String(e?.code ?? '')
  const constraint = String(e?.constraint ?? '')
  const message = String(e?.message ?? '')
  const twin =
    (code === '23505' && constraint === 'votes_poll_user') ||
    (code === 'SQLITE_CONSTRAINT_UNIQUE' && message.includes('votes.poll_id'))
  if (twin) return alreadyPlaced()
  const overdraft =
    (code === '23514' && constraint === 'wallets_balance_check') ||
    (code === 'SQLITE_CONSTRAINT_CHECK' && message.includes('balance >= 0'))
  if (overdraft) return overBalance((await primaryWallet(db, userId)).balance)
  return undefined
}
