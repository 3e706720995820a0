import type SQLite from 'better-sqlite3'
import { overBalanceText, type PollResults, pollTexts, type VoteValue } from '../../src/api/polls'
import { toHundredths } from '../../src/domain/currency'
import { pollPhase } from '../../src/domain/poll-phase'
import { ttcAmountProblem } from '../../src/domain/ttc-amount'
import type { Executor, Tx } from '../db/database'
import { statement } from '../db/sqlite-rows'
import { AppError, notFound } from '../http/app-error'
import { type FairPlay, refuseBetOnClosedMarket } from './fair-play'
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

export const alreadyPlaced = () => new AppError(409, 'already_placed', pollTexts.alreadyPlaced)
export const bettingClosed = () => new AppError(409, 'betting_closed', pollTexts.bettingClosed)
export const overBalance = (balance: number) => {
  const text = overBalanceText(balance)
  return new AppError(400, 'validation_failed', text, { ttcBet: text })
}

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

/**
 * Places a bet in the caller's transaction: the vote row, the poll's running totals and the stake's
 * 'wager' ledger row commit together or not at all. The answers come in the order a player understands
 * them: the poll, open for bets, no bet yet, its title's market open (fair play, src/domain/fair-play.ts:
 * the totals' update returns the title), enough money. Each check is the write itself, so a bet runs
 * four statements: the totals' update only finds an open poll, the vote's insert does nothing on
 * the (poll, player) key, the balance's update only takes money that is there (the CHECK on the balance
 * stays the last guard); only a refused bet reads more, to say why. `betFailure` turns the errors of
 * races the statements cannot see (none known) into the same answers.
 */
export async function placeBet(tx: Tx, bet: Bet): Promise<PollResults> {
  const stake = toHundredths(bet.ttcBet)
  // Above the amounts the game takes (the schema leaves them to this), and beyond any balance: refused
  // by the reads, in the same order.
  if (ttcAmountProblem(bet.ttcBet) === 'tooLarge') return refuseBet(tx, bet)
  // First the poll row: on PostgreSQL bets on one poll queue here, then each finds its twin committed.
  const counter = counterOf[bet.vote]
  const sidePot = sidePotOf[bet.vote]
  const results = await tx
    .updateTable('polls')
    .set((eb) => ({
      [counter]: eb(counter, '+', 1),
      [sidePot]: eb(sidePot, '+', stake),
      ttcBetTotal: eb('ttcBetTotal', '+', stake),
    }))
    .where('id', '=', bet.pollId)
    .where('endTime', '>', bet.now)
    .returning([...resultsColumns, 'titleId'])
    .executeTakeFirst()
  if (!results) return refuseBet(tx, bet)
  const vote = await tx
    .insertInto('votes')
    .values((eb) => ({
      pollId: bet.pollId,
      userId: bet.userId,
      walletAddress: eb
        .selectFrom('wallets')
        .select('address')
        .where('userId', '=', bet.userId)
        .orderBy('createdAt')
        .orderBy('address')
        .limit(1),
      vote: bet.vote,
      ttcBet: stake,
      payout: null,
      createdAt: bet.now,
    }))
    .onConflict((conflict) => conflict.columns(['pollId', 'userId']).doNothing())
    .returning('walletAddress')
    .executeTakeFirst()
  if (!vote) throw alreadyPlaced()
  refuseBetOnClosedMarket(bet.fairPlay, results.titleId, bet.now)
  const paid = await tx
    .updateTable('wallets')
    .set((eb) => ({ balance: eb('balance', '-', stake) }))
    .where('address', '=', vote.walletAddress)
    .where('balance', '>=', stake)
    .executeTakeFirst()
  if (paid.numUpdatedRows !== 1n) throw overBalance((await primaryWallet(tx, bet.userId)).balance)
  await tx
    .insertInto('ledger')
    .values({
      walletAddress: vote.walletAddress,
      type: 'wager',
      amount: -stake,
      reference: `poll:${bet.pollId}`,
      createdAt: bet.now,
    })
    .execute()
  return resultsOfRow(results)
}

/** Why a bet is refused, read check by check: unknown poll, betting over, bet already placed, money. */
async function refuseBet(tx: Executor, bet: Bet): Promise<never> {
  const poll = await tx
    .selectFrom('polls')
    .select(['id', 'endTime', 'evalTime'])
    .where('id', '=', bet.pollId)
    .executeTakeFirst()
  if (!poll) throw notFound('Poll')
  if (pollPhase(poll, bet.now) !== 'open') throw bettingClosed()
  const earlier = await tx
    .selectFrom('votes')
    .select('id')
    .where('pollId', '=', bet.pollId)
    .where('userId', '=', bet.userId)
    .executeTakeFirst()
  if (earlier) throw alreadyPlaced()
  throw overBalance((await primaryWallet(tx, bet.userId)).balance)
}

const primaryWalletSql = `select address, balance from wallets where user_id = ?
  order by created_at, address limit 1`
const countPollBetSql = (column: string, sidePot: string) => `update polls
  set ${column} = ${column} + 1, ${sidePot} = ${sidePot} + ?, ttc_bet_total = ttc_bet_total + ?
  where id = ? and end_time > ?
  returning bets_up, bets_flat, bets_down, ttc_bet_total, ttc_bet_up, ttc_bet_flat, ttc_bet_down, title_id`
const countBetSql = {
  up: countPollBetSql('bets_up', 'ttc_bet_up'),
  flat: countPollBetSql('bets_flat', 'ttc_bet_flat'),
  down: countPollBetSql('bets_down', 'ttc_bet_down'),
} as const
const insertVoteSql = `insert into votes (poll_id, user_id, wallet_address, vote, ttc_bet, payout, created_at)
  values (?, ?, (select address from wallets where user_id = ? order by created_at, address limit 1),
    ?, ?, null, ?)
  on conflict (poll_id, user_id) do nothing
  returning wallet_address`
const payStakeSql = 'update wallets set balance = balance - ? where address = ? and balance >= ?'
const insertWagerSql = `insert into ledger (wallet_address, type, amount, reference, created_at)
  values (?, 'wager', ?, ?, ?)`

function primaryWalletNow(handle: SQLite.Database, userId: number): { address: string; balance: number } {
  const wallet = statement(handle, primaryWalletSql).get(userId) as
    | { address: string; balance: number }
    | undefined
  if (!wallet) throw new Error(`user ${userId} has no wallet`)
  return wallet
}

/**
 * `placeBet` on SQLite, run synchronously on the better-sqlite3 handle (the vote route's hot path,
 * inside a group commit: see inSqliteWrite): the same four statements, refusals and answer.
 */
export function placeBetNow(handle: SQLite.Database, bet: Bet): PollResults {
  const stake = toHundredths(bet.ttcBet)
  if (ttcAmountProblem(bet.ttcBet) === 'tooLarge') return refuseBetNow(handle, bet)
  const results = statement(handle, countBetSql[bet.vote]).get(stake, stake, bet.pollId, bet.now) as
    | {
        bets_up: number
        bets_flat: number
        bets_down: number
        ttc_bet_total: number
        ttc_bet_up: number
        ttc_bet_flat: number
        ttc_bet_down: number
        title_id: number
      }
    | undefined
  if (!results) return refuseBetNow(handle, bet)
  const vote = statement(handle, insertVoteSql).get(
    bet.pollId,
    bet.userId,
    bet.userId,
    bet.vote,
    stake,
    bet.now,
  ) as { wallet_address: string } | undefined
  if (!vote) throw alreadyPlaced()
  refuseBetOnClosedMarket(bet.fairPlay, results.title_id, bet.now)
  const paid = statement(handle, payStakeSql).run(stake, vote.wallet_address, stake)
  if (paid.changes !== 1) throw overBalance(primaryWalletNow(handle, bet.userId).balance)
  statement(handle, insertWagerSql).run(vote.wallet_address, -stake, `poll:${bet.pollId}`, bet.now)
  return resultsOfRow({
    betsUp: results.bets_up,
    betsFlat: results.bets_flat,
    betsDown: results.bets_down,
    ttcBetTotal: results.ttc_bet_total,
    ttcBetUp: results.ttc_bet_up,
    ttcBetFlat: results.ttc_bet_flat,
    ttcBetDown: results.ttc_bet_down,
  })
}

/** `refuseBet` on the handle. */
function refuseBetNow(handle: SQLite.Database, bet: Bet): never {
  const poll = statement(handle, 'select id, end_time, eval_time from polls where id = ?').get(bet.pollId) as
    | { id: number; end_time: number; eval_time: number }
    | undefined
  if (!poll) throw notFound('Poll')
  if (pollPhase({ endTime: poll.end_time, evalTime: poll.eval_time }, bet.now) !== 'open')
    throw bettingClosed()
  const earlier = statement(handle, 'select id from votes where poll_id = ? and user_id = ?').get(
    bet.pollId,
    bet.userId,
  )
  if (earlier) throw alreadyPlaced()
  throw overBalance(primaryWalletNow(handle, bet.userId).balance)
}

/**
 * The answer to a bet that lost a race inside the database: a twin bet committed first (unique key on
 * poll and player) or another bet spent the money (CHECK balance >= 0). Undefined for anything else.
 */
export async function betFailure(
  db: Executor,
  userId: number,
  error: unknown,
): Promise<AppError | undefined> {
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
