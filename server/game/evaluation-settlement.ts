import type { Tx } from '../db/database'
import type { EvaluationResult } from './evaluate-predictions'
import { recordSettlement } from './settlements'

/** A (title, due minute) key an evaluation batch priced; price undefined: the market had none yet. */
interface PricedKey {
  titleId: number
  dueMinute: number
  price?: number | undefined
}

/**
 * An evaluation batch's settlement record, in its transaction: the keys' prices it used, as
 * [titleId, dueMinute, price or null], and what it credited (an evaluation stakes nothing).
 */
export function recordEvaluation(
  tx: Tx,
  batch: { reference: string; priceSource: string; priceTime: number; now: number },
  keys: readonly PricedKey[],
  result: EvaluationResult,
) {
  return recordSettlement(tx, {
    kind: 'evaluation',
    ...batch,
    prices: keys.map((key) => [key.titleId, key.dueMinute, key.price ?? null]),
    stakes: 0,
    payouts: result.creditedHundredths,
    summary: result,
  })
}
