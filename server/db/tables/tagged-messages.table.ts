import type { Selectable } from 'kysely'
import type { Trend } from '../../../src/domain/prediction'

/**
 * A prediction ("tagged message"): one per user, title and message. Running until the evaluation job
 * sets evalPrice and evaluatedAt, once, at the title's price at evaluationDueAt.
 */
export interface TaggedMessagesTable {
  userId: number
  titleId: number
  messageId: string
  trend: Trend
  /** the title's last price when the prediction was made (the server's tick, never the client's) */
  atPrice: number
  /** the title's last price at evaluationDueAt; null while running */
  evalPrice: number | null
  /** equals evaluationDueAt once evaluated (the moment whose price decided it); null while running */
  evaluatedAt: number | null
  createdAt: number
  /** createdAt + 3 h */
  evaluationDueAt: number
  /** what a correct evaluation pays, in TTC: min(1, 20 / running predictions after this one) */
  rewardFactor: number
}

export type TaggedMessageRow = Selectable<TaggedMessagesTable>
