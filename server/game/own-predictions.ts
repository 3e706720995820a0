import { sql } from 'kysely'
import type { PredictionCursor, TaggedMessage } from '../../src/api/predictions'
import type { Executor } from '../db/database'
import { evalPriceColumn, evaluatedAtColumn, predictionsWithEvaluation } from './evaluated-predictions'
import { toTaggedMessage } from './predictions'

/**
 * A page of the player's predictions, newest first (time, then message and title), those before `before`
 * only when given: a keyset read by the (user, created) index, so each page costs its own rows whatever
 * the player made before. Your Predictions' older pages and the data download read through it.
 */
export async function ownPredictionsPage(
  db: Executor,
  userId: number,
  page: { readonly before?: PredictionCursor; readonly limit: number },
): Promise<TaggedMessage[]> {
  const { before } = page
  const rows = await predictionsWithEvaluation(db)
    .selectAll('t')
    .select([evalPriceColumn, evaluatedAtColumn])
    .where('t.userId', '=', userId)
    .$if(before !== undefined, (query) =>
      query.where(
        sql<boolean>`(t.created_at, t.message_id, t.title_id) < (${before?.createdAt}, ${before?.messageId}, ${before?.titleId})`,
      ),
    )
    .orderBy('t.createdAt', 'desc')
    .orderBy('t.messageId', 'desc')
    .orderBy('t.titleId', 'desc')
    .limit(page.limit)
    .execute()
  return rows.map(toTaggedMessage)
}
