import type { Selectable } from 'kysely'
import type { Trend } from '../../../src/domain/prediction'

/**
 * A prediction ("tagged message"): one per user, title and message. Its evaluation is not on its row:
 * the job prices each (title, due minute) once, in evaluation_prices (see prediction-sql.ts).
 */
export interface TaggedMessagesTable {
  userId: number
  titleId: number
  messageId: string
  trend: Trend
  /** the title's last price when the prediction was made (the server's tick, never the client's) */
  atPrice: number
  createdAt: number
  /** createdAt + 3 h */
  evaluationDueAt: number
  /** what a correct evaluation pays, in TTC: min(1, 20 / running predictions after this one) */
  rewardFactor: number
}

/**
 * The title's price at the start of a due minute, for every prediction of that title due in that minute
 * up to coveredTo (the end of the last due-time window of the job that held it).
 */
export interface EvaluationPricesTable {
  titleId: number
  /** evaluationDueAt rounded down to the minute */
  dueMinute: number
  /** null: the market had no price yet; the job asks again on every run */
  price: number | null
  coveredTo: number
}

/** One row (id 1): every prediction due by evaluatedTo has its key in evaluation_prices. */
export interface EvaluationProgressTable {
  id: number
  evaluatedTo: number
}

/** A prediction with its evaluation, as the readers join it (prediction-sql.ts). */
export interface TaggedMessageRow extends Selectable<TaggedMessagesTable> {
  /** the title's price at evaluationDueAt's minute; null while running */
  evalPrice: number | null
  /** equals evaluationDueAt once evaluated (the moment whose price decided it); null while running */
  evaluatedAt: number | null
}
