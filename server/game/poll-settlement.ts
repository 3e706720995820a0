import { settlePot } from '../../src/domain/parimutuel'
import { type PollOutcome, pollOutcome } from '../../src/domain/poll-phase'
import type { AppContext } from '../context'
import type { Tx } from '../db/database'
import { inTransaction } from '../db/transaction'
import type { Job } from '../jobs/job-runner'
import { bankAddress, post } from './ledger'
import { priceSourceOf, recordSettlement } from './settlements'

/** Polls settled per run at most; the rest wait for the next run. */
const settleBatch = 500

export interface DuePoll {
  id: number
  titleId: number
  priceBase: number
}

/**
 * Settles one poll in one transaction: claims it (settled_at still null), then pays the parimutuel
 * split as 'payment' ledger rows — winners pro rata, the Bank the remainder or the whole pot when
 * nobody won. A process that loses the claim pays nothing, so a poll is paid exactly once. A winning
 * stake of a deleted account is paid to the Bank, like the account's balance was. The same transaction
 * records the settlement (server/game/settlements.ts): the price it used, the stakes and the payouts.
 * Returns whether this call settled it.
 */
export async function settlePoll(
  ctx: AppContext,
  poll: DuePoll,
  evalPrice: number,
  now: number,
): Promise<boolean> {
  const outcome = pollOutcome(poll.priceBase, evalPrice, ctx.config.pollFlatBand)
  return inTransaction(ctx.db, async (tx) => {
    const claimed = await tx
      .updateTable('polls')
      .set({ settledAt: now, evalPrice, outcome })
      .where('id', '=', poll.id)
      .where('settledAt', 'is', null)
      .returning('evalTime')
      .executeTakeFirst()
    if (!claimed) return false
    const paid = await payOut(tx, poll.id, outcome, now)
    await recordSettlement(tx, {
      kind: 'poll',
      reference: `poll:${poll.id}`,
      priceSource: priceSourceOf(ctx.config),
      priceTime: Number(claimed.evalTime),
      prices: { titleId: poll.titleId, priceBase: poll.priceBase, evalPrice },
      stakes: paid.stakes.up + paid.stakes.flat + paid.stakes.down,
      payouts: paid.payouts.reduce((sum, payout) => sum + payout.amount, 0),
      summary: { outcome, ...paid },
      now,
    })
    return true
  })
}

/** What a poll's settlement paid: the hundredths staked per side, and each wallet's payout. */
interface PaidOut {
  stakes: Record<PollOutcome, number>
  payouts: { wallet: string; amount: number }[]
}

async function payOut(tx: Tx, pollId: number, outcome: PollOutcome, now: number): Promise<PaidOut> {
  const votes = await tx
    .selectFrom('votes')
    .select(['id', 'userId', 'walletAddress', 'vote', 'ttcBet'])
    .where('pollId', '=', pollId)
    .orderBy('id')
    .execute()
  const stakes = { up: 0, flat: 0, down: 0 }
  for (const vote of votes) stakes[vote.vote] += Number(vote.ttcBet)
  if (votes.length === 0) return { stakes, payouts: [] }
  // settlePot keys payouts by its `userId`; the vote id is as unique within a poll and survives deletion.
  const { payouts, bank } = settlePot(
    votes.map((v) => ({ userId: v.id, vote: v.vote, amount: v.ttcBet })),
    outcome,
  )
  const credits = new Map<string, number>()
  let bankTake = bank
  const paidVotes: { id: number; payout: number }[] = []
  for (const vote of votes) {
    const share = payouts.get(vote.id) ?? 0
    if (share === 0) continue
    if (vote.userId === null) {
      bankTake += share
      continue
    }
    paidVotes.push({ id: vote.id, payout: share })
    credits.set(vote.walletAddress, (credits.get(vote.walletAddress) ?? 0) + share)
  }
  if (bankTake > 0) credits.set(bankAddress, (credits.get(bankAddress) ?? 0) + bankTake)

  await tx.updateTable('votes').set({ payout: 0 }).where('pollId', '=', pollId).execute()
  for (const paid of paidVotes)
    await tx.updateTable('votes').set({ payout: paid.payout }).where('id', '=', paid.id).execute()
  // Address order: two processes settling different polls lock shared wallets in the same order.
  const entries = [...credits].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  await post(
    tx,
    entries.map(([address, amount]) => ({
      address,
      type: 'payment',
      amount,
      reference: `poll:${pollId}`,
      now,
    })),
  )
  return { stakes, payouts: entries.map(([wallet, amount]) => ({ wallet, amount })) }
}

/** Settles every poll whose evalTime has passed, at the title's price at evalTime. Returns how many. */
export async function settleDuePolls(ctx: AppContext, now: number): Promise<number> {
  const due = await ctx.db
    .selectFrom('polls')
    .select(['id', 'titleId', 'priceBase', 'evalTime'])
    .where('settledAt', 'is', null)
    .where('evalTime', '<=', now)
    .orderBy('evalTime')
    .orderBy('id')
    .limit(settleBatch)
    .execute()
  let settled = 0
  for (const poll of due) {
    try {
      const evalPrice = await ctx.market.priceAt(poll.titleId, poll.evalTime)
      if (evalPrice === undefined || !(evalPrice > 0)) {
        ctx.log.warn({ pollId: poll.id, titleId: poll.titleId }, 'no price at evalTime; poll not settled yet')
        continue
      }
      if (await settlePoll(ctx, poll, evalPrice, now)) settled += 1
    } catch (err) {
      // One poll that fails must not hold up the others; it is tried again on the next run.
      ctx.log.error({ err, pollId: poll.id }, 'poll settlement failed')
    }
  }
  return settled
}

export function pollSettlementJob(ctx: AppContext): Job {
  return { name: 'settle polls', run: (now) => settleDuePolls(ctx, now).then(() => undefined) }
}
