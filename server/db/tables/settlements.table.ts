import type { Generated, Selectable } from 'kysely'

export type SettlementKind = 'poll' | 'evaluation'

/**
 * One poll settlement or evaluation batch (0016-books), written in its transaction: the prices it used, what
 * was staked and paid, and its link in the settlements' hash chain (server/game/books-hash.ts).
 */
export interface SettlementsTable {
  id: Generated<number>
  kind: SettlementKind
  /** 'poll:<pollId>' or the evaluation window 'window:<after>-<upTo>' / 'pending:<titleId>:<dueMinute>' */
  reference: string
  /** where the prices came from: 'simulation' or the provider's host */
  priceSource: string
  /** the moment priced: a poll's evalTime, the end of an evaluation window */
  priceTime: number
  /** JSON text of the prices used (see server/game/settlements.ts) */
  prices: string
  /** hundredths staked (a poll's pot; 0 for an evaluation, which stakes nothing) */
  stakes: number
  /** hundredths paid out */
  payouts: number
  /** JSON text: per-wallet payouts of a poll, counts of an evaluation */
  summary: string
  createdAt: number
  prevHash: string
  hash: string
}

export type SettlementRow = Selectable<SettlementsTable>
