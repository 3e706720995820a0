import type { Db } from '../../server/db/database'
import { evaluationPriceGrainMs } from '../../server/game/prediction-sql'
import { evaluationDelayMs, type Trend } from '../../src/domain/prediction'

/** A judged prediction as a test wants it: who, on what, which way, when, and whether it proved right. */
export interface JudgedSeed {
  userId: number
  messageId: string
  titleId: number
  trend: Trend
  createdAt: number
  correct: boolean
}

/** The price every seeded key is evaluated at; each prediction's own price makes it right or wrong. */
const evaluatedAt = 100

/**
 * Writes judged predictions straight to the database: each prediction, and its (title, due minute) key
 * priced at 100 and covered, so the readers (prediction-sql.ts) see it evaluated. Up is right when made
 * at 99, Down when made at 101.
 */
export async function seedJudgedPredictions(db: Db, seeds: readonly JudgedSeed[]): Promise<void> {
  if (seeds.length === 0) return
  const rows = seeds.map((seed) => {
    const below = seed.trend === 'Up' ? seed.correct : !seed.correct
    return {
      userId: seed.userId,
      titleId: seed.titleId,
      messageId: seed.messageId,
      trend: seed.trend,
      atPrice: below ? evaluatedAt - 1 : evaluatedAt + 1,
      createdAt: seed.createdAt,
      evaluationDueAt: seed.createdAt + evaluationDelayMs,
      rewardFactor: 1,
    }
  })
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('taggedMessages')
      .values(rows.slice(i, i + 500))
      .execute()
  const keys = new Map<string, { titleId: number; dueMinute: number; coveredTo: number }>()
  for (const row of rows) {
    const dueMinute = row.evaluationDueAt - (row.evaluationDueAt % evaluationPriceGrainMs)
    keys.set(`${row.titleId}/${dueMinute}`, {
      titleId: row.titleId,
      dueMinute,
      coveredTo: dueMinute + evaluationPriceGrainMs,
    })
  }
  const values = [...keys.values()].map((key) => ({ ...key, price: evaluatedAt }))
  for (let i = 0; i < values.length; i += 500)
    await db
      .insertInto('evaluationPrices')
      .values(values.slice(i, i + 500))
      .onConflict((conflict) => conflict.columns(['titleId', 'dueMinute']).doNothing())
      .execute()
}

/**
 * Moves the evaluation's progress up to the seeds' latest due time, as the job's run over them would: the
 * author scores count the judged predictions as far as the evaluation has got.
 */
export async function seedEvaluationProgress(db: Db, seeds: readonly JudgedSeed[]): Promise<void> {
  const latest = Math.max(...seeds.map((seed) => seed.createdAt + evaluationDelayMs))
  await db
    .updateTable('evaluationProgress')
    .set({ evaluatedTo: latest })
    .where('id', '=', 1)
    .where('evaluatedTo', '<', latest)
    .execute()
}
