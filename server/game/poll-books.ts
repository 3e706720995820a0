import type { PollSettlement } from '../../src/api/polls'
import { fromHundredths } from '../../src/domain/currency'
import type { PollOutcome } from '../../src/domain/poll-phase'
import type { Executor } from '../db/database'
import { bankAddress } from './ledger'
import { pollSettlementRecord } from './settlements'

/** What poll-settlement.ts writes into a poll's settlement record. */
interface PollPrices {
  titleId: number
  priceBase: number
  evalPrice: number
}
interface PollSummary {
  outcome: PollOutcome
  stakes: Record<PollOutcome, number>
  payouts: { wallet: string; amount: number }[]
}

/**
 * A poll's books as its settlement record holds them: 'unknown' for no such poll, 'open' before it is
 * settled.
 */
export async function pollBooks(db: Executor, pollId: number): Promise<PollSettlement | 'unknown' | 'open'> {
  const record = await pollSettlementRecord(db, pollId)
  if (!record) {
    const poll = await db.selectFrom('polls').select('id').where('id', '=', pollId).executeTakeFirst()
    return poll ? 'open' : 'unknown'
  }
  const prices = JSON.parse(record.prices) as PollPrices
  const summary = JSON.parse(record.summary) as PollSummary
  const { up, flat, down } = summary.stakes
  return {
    pollId,
    titleId: prices.titleId,
    outcome: summary.outcome,
    settledAt: Number(record.createdAt),
    price: {
      source: record.priceSource,
      time: Number(record.priceTime),
      base: prices.priceBase,
      value: prices.evalPrice,
    },
    stakes: {
      up: fromHundredths(up),
      flat: fromHundredths(flat),
      down: fromHundredths(down),
      total: fromHundredths(Number(record.stakes)),
    },
    payouts: summary.payouts
      .map((payout) => ({ ttc: fromHundredths(payout.amount), bank: payout.wallet === bankAddress }))
      .sort((a, b) => b.ttc - a.ttc),
    ttcPaid: fromHundredths(Number(record.payouts)),
    settlementId: Number(record.id),
    prevHash: record.prevHash,
    hash: record.hash,
  }
}
