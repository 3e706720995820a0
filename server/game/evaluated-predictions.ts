import { sql } from 'kysely'
import type { Executor } from '../db/database'
import { evaluatedAtSql, evaluationMatchSql } from './prediction-sql'

/**
 * Predictions (as `t`) with their evaluation joined (as `p`, evaluationJoinSql in the query builder):
 * select `evalPriceColumn` and `evaluatedAtColumn` beside t's columns; `p.price` is null while running.
 */
export function predictionsWithEvaluation(db: Executor) {
  return db
    .selectFrom('taggedMessages as t')
    .leftJoin('evaluationPrices as p', (join) => join.on(evaluationMatchSql()))
}

export const evalPriceColumn = sql<number | null>`p.price`.as('evalPrice')
export const evaluatedAtColumn = evaluatedAtSql().as('evaluatedAt')
