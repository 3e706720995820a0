import { type Insertable, type RawBuilder, sql } from 'kysely'
import type { PerformanceRow, TaggedMessage } from '../../src/api/predictions'
import { evaluationDelayMs, evaluationTimeOf, type Trend } from '../../src/domain/prediction'
import { rewardFactorFor } from '../../src/domain/reward-factor'
import type { Executor } from '../db/database'
import { isPostgres } from '../db/dialect'
import { preparedQuery } from '../db/prepared-query'
import type { TaggedMessageRow, TaggedMessagesTable } from '../db/tables/tagged-messages.table'
import { evalPriceColumn, evaluatedAtColumn, predictionsWithEvaluation } from './evaluated-predictions'
import { type FairPlay, refuseUnfairTag, runningOnTitle, runningOnTitleSql } from './fair-play'
import { isCorrectSql, overPendingKeysSql } from './prediction-sql'

/** The client keeps a week of predictions (spec §9); the user payload sends that much. */
export const recentPredictionsWindowMs = 7 * 86_400_000
/** At most this many of them, newest first: the payload is fetched every 10 seconds. */
export const recentPredictionsLimit = 1000

export function toTaggedMessage(row: TaggedMessageRow): TaggedMessage {
  return {
    userId: row.userId,
    titleId: row.titleId,
    messageId: row.messageId,
    trend: row.trend,
    atPrice: row.atPrice,
    ...(row.evalPrice === null ? {} : { evalPrice: row.evalPrice }),
    ...(row.evaluatedAt === null ? {} : { evaluatedAt: row.evaluatedAt }),
    createdAt: row.createdAt,
    rewardFactor: row.rewardFactor,
  }
}

/**
 * How many of the user's predictions are running at `now`: those not due yet (made in the last 3 hours,
 * read through the (user, created_at) index), those due since the evaluation job's progress (normally the
 * last second's, read through the due index) and those of keys the market has not priced yet (normally
 * none, read through the pending index). No index of running predictions per user is kept.
 */
export async function runningPredictionCount(db: Executor, userId: number, now: number): Promise<number> {
  const { rows } = await sql<{ running: number }>`select ${runningCountSql(userId, now)} as running`.execute(
    db,
  )
  return Number(rows[0]?.running ?? 0)
}

/**
 * The count of runningPredictionCount as an SQL expression; `madeAfter` (now - 3 h) given apart, so that
 * every value is a whole parameter and placePrediction can compile it once.
 */
export function runningCountSql(
  userId: number,
  now: number,
  madeAfter = now - evaluationDelayMs,
): RawBuilder<number> {
  // `+user_id`: keeps SQLite's planner (no statistics) from reading all the user's rows for the backlog parts
  return sql<number>`((select count(*) from tagged_messages
      where user_id = ${userId} and created_at > ${madeAfter})
    + (select count(*) from tagged_messages
      where evaluation_due_at > (select evaluated_to from evaluation_progress)
        and evaluation_due_at <= ${now} and +user_id = ${userId})
    + ${overPendingKeysSql('count', sql`+t.user_id = ${userId}`)})`
}

export interface NewPrediction {
  userId: number
  titleId: number
  messageId: string
  trend: Trend
  /** the server's latest tick of the title */
  atPrice: number
  now: number
  /** the titles' hours and names and the game's zone, for the fair-play rules */
  fairPlay: FairPlay
}

export interface PlacedPrediction {
  row: TaggedMessageRow
  /** what the user's next prediction would earn */
  nextRewardFactor: number
}

/**
 * When a prediction is made: now, or the evaluation job's progress if that is later. Only a clock behind
 * another process's can be (a test clock's jump not yet caught up with); a prediction due before the
 * progress would never be evaluated.
 */
function madeAt(now: number, evaluatedTo: number): number {
  return Math.max(now, evaluatedTo)
}

// The statements of a tag, compiled once (see preparedQuery): every tag runs them.
const progressRow = preparedQuery<Record<string, never>, { evaluatedTo: number }>((db) =>
  db.selectFrom('evaluationProgress').select('evaluatedTo').where('id', '=', 1),
)
/**
 * PostgreSQL: the player's row locked and the job's progress, in one round trip instead of two. The
 * progress comes from the statement's snapshot, taken before any wait for the lock: a read of that
 * moment, as the separate read had been (the job may move on before the commit either way); madeAt
 * only matters for a clock behind another process's.
 */
const lockedProgressRow = preparedQuery<{ userId: number }, { evaluatedTo: number }>((db, value) =>
  db
    .selectFrom(['users', 'evaluationProgress'])
    .select('evaluationProgress.evaluatedTo')
    .where('users.id', '=', value('userId'))
    .where('evaluationProgress.id', '=', 1)
    .forUpdate('users'),
)
const runningCount = preparedQuery<{ userId: number; now: number; madeAfter: number }, { running: number }>(
  (db, value) =>
    db.selectNoFrom(runningCountSql(value('userId'), value('now'), value('madeAfter')).as('running')),
)
const insertPrediction = preparedQuery<Insertable<TaggedMessagesTable>, TaggedMessagesTable>((db, value) =>
  db
    .insertInto('taggedMessages')
    .values({
      userId: value('userId'),
      titleId: value('titleId'),
      messageId: value('messageId'),
      trend: value('trend'),
      atPrice: value('atPrice'),
      createdAt: value('createdAt'),
      evaluationDueAt: value('evaluationDueAt'),
      rewardFactor: value('rewardFactor'),
    })
    .onConflict((conflict) => conflict.columns(['userId', 'messageId', 'titleId']).doNothing())
    .returningAll(),
)
const runningOnTitleRows = preparedQuery<
  { userId: number; titleId: number; madeAfter: number },
  { trend: Trend; made: number }
>((_db, value) => runningOnTitleSql(value('userId'), value('titleId'), value('madeAfter')))

/**
 * Stores a prediction with the reward factor its running count gives it. Undefined when the user already
 * predicted this title on this message: the primary key decides, so two racing requests cannot both win.
 * Then the fair-play rules (src/domain/fair-play.ts) may refuse it with a 409 that rolls the row back: the
 * title's market is closed, or the player's running prediction on it points the other way (after the
 * spec's warning about the same message, which says more). Call it in a transaction; on PostgreSQL it
 * locks the user's row first, so two tags of one player read their running predictions one after the
 * other and two opposite ones cannot both pass (SQLite's BEGIN IMMEDIATE already serialises writers).
 */
export async function placePrediction(
  tx: Executor,
  prediction: NewPrediction,
): Promise<PlacedPrediction | undefined> {
  const { rows: progressRows } = isPostgres(tx)
    ? await lockedProgressRow(tx, { userId: prediction.userId })
    : await progressRow(tx, {})
  const [progress] = progressRows
  const evaluatedTo = Number(progress?.evaluatedTo ?? 0)
  const now = madeAt(prediction.now, evaluatedTo)
  const { userId, titleId } = prediction
  const [counted] = (await runningCount(tx, { userId, now, madeAfter: now - evaluationDelayMs })).rows
  const runningBefore = Number(counted?.running ?? 0)
  const [row] = (
    await insertPrediction(tx, {
      userId,
      titleId,
      messageId: prediction.messageId,
      trend: prediction.trend,
      atPrice: prediction.atPrice,
      createdAt: now,
      evaluationDueAt: evaluationTimeOf(now),
      rewardFactor: rewardFactorFor(runningBefore),
    })
  ).rows
  if (!row) return undefined
  const { rows: running } = await runningOnTitleRows(tx, {
    userId,
    titleId,
    madeAfter: evaluatedTo - evaluationDelayMs,
  })
  refuseUnfairTag(
    prediction.fairPlay,
    { titleId, trend: prediction.trend, now },
    running.map((found) => runningOnTitle(titleId, found)),
  )
  return {
    row: { ...row, evalPrice: null, evaluatedAt: null },
    nextRewardFactor: rewardFactorFor(runningBefore + 1),
  }
}

/** The user's predictions made since `since`, newest first (as `ownPredictionsPage` orders them), at most `limit`. */
export function recentPredictions(
  db: Executor,
  userId: number,
  since: number,
  limit = recentPredictionsLimit,
): Promise<TaggedMessageRow[]> {
  return (
    predictionsWithEvaluation(db)
      .selectAll('t')
      .select([evalPriceColumn, evaluatedAtColumn])
      .where('t.userId', '=', userId)
      .where('t.createdAt', '>=', since)
      // the order of the older pages' keyset (own-predictions.ts): the oldest one sent is where they start
      .orderBy('t.createdAt', 'desc')
      .orderBy('t.messageId', 'desc')
      .orderBy('t.titleId', 'desc')
      .limit(limit)
      .execute()
  )
}

/** See messageIdsTaggedSince: one shape for every caller, compiled once. */
const taggedSince = preparedQuery<{ userId: number; sinceMs: number }, { messageId: string }>((db, value) =>
  db
    .selectFrom('taggedMessages')
    .select('messageId')
    .where('userId', '=', value('userId'))
    .where('createdAt', '>', value('sinceMs')),
)

/**
 * The ids of the messages the user tagged (on any title) since `sinceMs`, to leave out of a list of the
 * messages created since then: a message is tagged after it is created, so its tags are all among
 * these. Read by the (user, created) index, its rows the user's own tags of that window, and of one
 * shape whatever the list (binding the list's 200 candidate ids cost more than the statement's work).
 */
export async function messageIdsTaggedSince(
  db: Executor,
  userId: number,
  sinceMs: number,
): Promise<Set<string>> {
  const { rows } = await taggedSince(db, { userId, sinceMs })
  return new Set(rows.map((row) => row.messageId))
}

export type PerformanceCounts = Omit<PerformanceRow, 'titleName'>

/** The user's overview per title, all time, by title id: counts of Up and Down, correct ones, score. */
export async function predictionPerformance(db: Executor, userId: number): Promise<PerformanceCounts[]> {
  const correct = isCorrectSql('t.trend', 't.at_price', 'p.price')
  const rows = await predictionsWithEvaluation(db)
    .select((eb) => [
      't.titleId',
      eb.fn.sum<number>(sql`case when t.trend = 'Up' then 1 else 0 end`).as('trendsUp'),
      eb.fn.sum<number>(sql`case when t.trend = 'Down' then 1 else 0 end`).as('trendsDown'),
      eb.fn.sum<number>(sql`case when ${correct} then 1 else 0 end`).as('correctlyTaggedMessages'),
      eb.fn.sum<number>(sql`case when ${correct} then t.reward_factor else 0 end`).as('score'),
    ])
    .where('t.userId', '=', userId)
    .groupBy('t.titleId')
    .orderBy('t.titleId')
    .execute()
  return rows.map((row) => ({
    titleId: row.titleId,
    trendsUp: Number(row.trendsUp),
    trendsDown: Number(row.trendsDown),
    correctlyTaggedMessages: Number(row.correctlyTaggedMessages),
    score: Number(row.score),
  }))
}
