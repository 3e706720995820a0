import { overBalanceText, type PollResults, pollTexts, type VoteValue } from '../../src/api/polls'
import { fromHundredths, toHundredths } from '../../src/domain/currency'
import { pollPhase } from '../../src/domain/poll-phase'
import type { Executor, Tx } from '../db/database'
import { AppError, notFound } from '../http/app-error'
import { post } from './ledger'
import { pollResults } from './polls.read'

export interface Bet {
  pollId: number
  userId: number
  vote: VoteValue
  /** TTC as sent: more than 0, at most two decimals (the schema saw to it) */
  ttcBet: number
  now: number
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

/**
 * Places a bet in the caller's transaction: the vote row and the stake's 'wager' ledger row commit
 * together or not at all. Checks in the order a player understands them: the poll, open for bets,
 * no bet yet, enough money. The unique key and the balance CHECK decide races the reads cannot see;
 * `betFailure` turns those errors into the same answers.
 */
export async function placeBet(tx: Tx, bet: Bet): Promise<PollResults> {
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
  const wallet = await primaryWallet(tx, bet.userId)
  const stake = toHundredths(bet.ttcBet)
  // Beyond what a column holds, and beyond any balance.
  if (!Number.isSafeInteger(stake)) throw overBalance(wallet.balance)
  // The vote row first: a twin of this bet still in flight makes the insert wait for it and fail with
  // 'already placed', whatever the twin did to the balance this transaction read.
  await tx
    .insertInto('votes')
    .values({
      pollId: bet.pollId,
      userId: bet.userId,
      walletAddress: wallet.address,
      vote: bet.vote,
      ttcBet: stake,
      payout: null,
      createdAt: bet.now,
    })
    .execute()
  if (bet.ttcBet > fromHundredths(wallet.balance)) throw overBalance(wallet.balance)
  await post(tx, {
    address: wallet.address,
    type: 'wager',
    amount: -stake,
    reference: `poll:${bet.pollId}`,
    now: bet.now,
  })
  return pollResults(tx, bet.pollId)
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
