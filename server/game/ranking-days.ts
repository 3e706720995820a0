import { sql } from 'kysely'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { dayStartOf } from '../../src/domain/ranking-periods'
import type { Executor, Tx } from '../db/database'
import { isPostgres } from '../db/dialect'
import { inTransaction } from '../db/transaction'
import { type Job, yieldToRequests } from '../jobs/job-runner'
import { creditHundredthsSql, evaluationJoinSql, isCorrectSql, overPendingKeysSql } from './prediction-sql'
import type { RankingsContext } from './rankings'

/**
 * What each player won per local day, kept in ranking_days so that a ranking of a group adds up a few
 * rows per player instead of scanning a week of predictions (a week of a thousand players is 140,000),
 * and per player over all time in ranking_totals, so that an all-time ranking reads one row per player.
 *
 * A job folds in, in due order, the predictions (by evaluation due time) and polls (by eval time) that
 * are decided: everything before the earliest one still running is evaluated or settled, so the
 * watermark of ranking_folds moves up to it and each one is counted exactly once. Each counts on the
 * local day it was decided: a prediction's evaluatedAt, a poll's evalTime. A prediction or poll left
 * undecided for a day (a price the market never gave) is passed over.
 */

/** Undecided this long: passed over (results of a week are final at the latest then). */
export const undecidedGraceMs = 86_400_000
/**
 * Due time folded per transaction while catching up, with requests served between windows. An hour of a
 * thousand busy players is under a thousand predictions, a few milliseconds of work; a day's window
 * held the event loop for about 95 ms (bench/engine: the state's p99 after a restart).
 */
const foldWindowMs = 3_600_000
/**
 * Evaluation is due exactly 3 h after creation: the created_at index finds a due window's predictions
 * (this slack only guards the lookup, the due time decides).
 */
const creationSlackMs = 5 * 60_000
/** Decisions are summed per quarter hour in SQL and put on their local day here (zones are whole quarters). */
const quarterMs = 15 * 60_000
const upsertChunk = 500

type Kind = 'predictions' | 'polls'

interface DayScore {
  userId: number
  dayStart: number
  points: number
  correct: number
  evaluated: number
}

/** Local midnight of the quarter hours' days, one conversion per quarter. */
function dayStarts(timeZone: string) {
  const known = new Map<number, number>()
  return (quarter: number): number => {
    let start = known.get(quarter)
    if (start === undefined) {
      start = dayStartOf(quarter, timeZone)
      known.set(quarter, start)
    }
    return start
  }
}

/** The watermarks, locked for the transaction; made (or made again, for another zone) when needed. */
async function watermarks(tx: Tx, timeZone: string): Promise<Record<Kind, number>> {
  const read = () => {
    const query = tx.selectFrom('rankingFolds').selectAll().orderBy('kind')
    return (isPostgres(tx) ? query.forUpdate() : query).execute()
  }
  let rows = await read()
  if (rows.length !== 2 || rows.some((row) => row.timeZone !== timeZone)) {
    // days cut in another zone: fold everything again
    await tx.deleteFrom('rankingDays').execute()
    await tx.deleteFrom('rankingTotals').execute()
    await tx.deleteFrom('rankingFolds').execute()
    await tx
      .insertInto('rankingFolds')
      .values([
        { kind: 'predictions', upto: 0, timeZone },
        { kind: 'polls', upto: 0, timeZone },
      ])
      .onConflict((oc) => oc.column('kind').doNothing())
      .execute()
    rows = await read()
  }
  const marks = { predictions: 0, polls: 0 }
  for (const row of rows) marks[row.kind] = Number(row.upto)
  return marks
}

/** Where folding may go: up to the earliest undecided (not passed over) one, else up to now. */
async function foldableUpTo(tx: Executor, kind: Kind, from: number, now: number): Promise<number> {
  const since = Math.max(from, now - undecidedGraceMs)
  const row =
    kind === 'predictions'
      ? await firstRunningDueAt(tx, since)
      : await tx
          .selectFrom('polls')
          .select((eb) => eb.fn.min<number>('evalTime').as('next'))
          .where('settledAt', 'is', null)
          .where('evalTime', '>=', since)
          .executeTakeFirst()
  const next = row?.next === null || row?.next === undefined ? now + 1 : Number(row.next)
  return Math.min(next, now + 1)
}

/**
 * The earliest due time at or after `since` of a running prediction: due after the evaluation job's
 * progress, or of a key the market has not priced yet.
 */
async function firstRunningDueAt(tx: Executor, since: number): Promise<{ next: number | null } | undefined> {
  const { rows } = await sql<{ next: number | null }>`select min(d) as next from (
      select min(evaluation_due_at) as d from tagged_messages
      where evaluation_due_at > (select evaluated_to from evaluation_progress) and evaluation_due_at >= ${since}
      union all
      select ${overPendingKeysSql('min due', sql`t.evaluation_due_at >= ${since}`)} as d) running`.execute(tx)
  return rows[0]
}

/** The first due (or eval) time at or after `from`: a long gap is skipped, not walked a day at a time. */
async function firstAfter(db: Executor, kind: Kind, from: number): Promise<number | undefined> {
  if (kind === 'predictions') {
    // Through the created_at index: the earliest made is the earliest due.
    const row = await db
      .selectFrom('taggedMessages')
      .select('evaluationDueAt')
      .where('createdAt', '>=', from - evaluationDelayMs - creationSlackMs)
      .where('evaluationDueAt', '>=', from)
      .orderBy('createdAt')
      .limit(1)
      .executeTakeFirst()
    return row === undefined ? undefined : Number(row.evaluationDueAt)
  }
  const row = await db
    .selectFrom('polls')
    .select((eb) => eb.fn.min<number>('evalTime').as('first'))
    .where('evalTime', '>=', from)
    .executeTakeFirst()
  return row?.first === null || row?.first === undefined ? undefined : Number(row.first)
}

interface QuarterRow {
  userId: number
  quarter: number
  points: number
  correct: number
  evaluated: number
}

function quarterOf(column: string) {
  const c = sql.raw(column)
  return sql<number>`${c} - ${c} % ${sql.lit(quarterMs)}`
}

async function decidedIn(tx: Tx, kind: Kind, from: number, to: number): Promise<QuarterRow[]> {
  if (kind === 'predictions') {
    // evaluatedAt is the due time
    const correct = isCorrectSql('t.trend', 't.at_price', 'p.price')
    const { rows } = await sql<QuarterRow>`select t.user_id, ${quarterOf('t.evaluation_due_at')} as quarter,
        sum(case when ${correct} then ${creditHundredthsSql('t.reward_factor')} else 0 end) as points,
        sum(case when ${correct} then 1 else 0 end) as correct, count(*) as evaluated
      from tagged_messages t ${evaluationJoinSql()}
      where t.created_at >= ${from - evaluationDelayMs - creationSlackMs}
        and t.created_at < ${to - evaluationDelayMs + creationSlackMs}
        and t.evaluation_due_at >= ${from} and t.evaluation_due_at < ${to} and p.price is not null
      group by t.user_id, ${quarterOf('t.evaluation_due_at')}`.execute(tx)
    return rows
  }
  const { rows } = await sql<QuarterRow>`select v.user_id, ${quarterOf('p.eval_time')} as quarter,
      sum(v.payout - v.ttc_bet) as points, 0 as correct, 0 as evaluated
    from polls p join votes v on v.poll_id = p.id
    where p.eval_time >= ${from} and p.eval_time < ${to} and p.settled_at is not null
      and v.user_id is not null and v.payout is not null
    group by v.user_id, ${quarterOf('p.eval_time')}`.execute(tx)
  return rows
}

/** Adds the days' scores to ranking_days and, per player, to ranking_totals (the same sums). */
async function addDays(tx: Tx, scores: Iterable<DayScore>): Promise<void> {
  const rows = [...scores]
  const totals = new Map<number, Omit<DayScore, 'dayStart'>>()
  for (const { userId, points, correct, evaluated } of rows) {
    const total = totals.get(userId) ?? { userId, points: 0, correct: 0, evaluated: 0 }
    total.points += points
    total.correct += correct
    total.evaluated += evaluated
    totals.set(userId, total)
  }
  const players = [...totals.values()]
  for (let start = 0; start < players.length; start += upsertChunk) {
    await tx
      .insertInto('rankingTotals')
      .values(players.slice(start, start + upsertChunk))
      .onConflict((oc) =>
        oc.column('userId').doUpdateSet({
          points: sql`ranking_totals.points + excluded.points`,
          correct: sql`ranking_totals.correct + excluded.correct`,
          evaluated: sql`ranking_totals.evaluated + excluded.evaluated`,
        }),
      )
      .execute()
  }
  for (let start = 0; start < rows.length; start += upsertChunk) {
    await tx
      .insertInto('rankingDays')
      .values(rows.slice(start, start + upsertChunk))
      .onConflict((oc) =>
        oc.columns(['userId', 'dayStart']).doUpdateSet({
          points: sql`ranking_days.points + excluded.points`,
          correct: sql`ranking_days.correct + excluded.correct`,
          evaluated: sql`ranking_days.evaluated + excluded.evaluated`,
        }),
      )
      .execute()
  }
}

/** The due (or eval) times to fold next, [from, to); undefined when nothing decided waits. */
async function nextWindow(db: Executor, kind: Kind, mark: number, now: number) {
  const upTo = await foldableUpTo(db, kind, mark, now)
  if (upTo <= mark) return undefined
  const first = await firstAfter(db, kind, mark)
  if (first === undefined || first >= upTo) return undefined
  const from = Math.max(mark, first)
  return { from, to: Math.min(upTo, from + foldWindowMs), upTo }
}

/**
 * One window of each kind in one transaction; whether more is left to fold. The watermark moves only
 * over decisions it folds: while nothing is decided nothing is written, and rankings keep their version.
 */
async function foldWindow(ctx: RankingsContext, now: number): Promise<boolean> {
  const timeZone = ctx.config.timeZone
  const dayOf = dayStarts(timeZone)
  return inTransaction(ctx.db, async (tx) => {
    const marks = await watermarks(tx, timeZone)
    const days = new Map<string, DayScore>()
    let more = false
    for (const kind of ['predictions', 'polls'] as const) {
      const window = await nextWindow(tx, kind, marks[kind], now)
      if (!window) continue
      for (const row of await decidedIn(tx, kind, window.from, window.to)) {
        const userId = Number(row.userId)
        const dayStart = dayOf(Number(row.quarter))
        const key = `${userId}/${dayStart}`
        const day = days.get(key) ?? { userId, dayStart, points: 0, correct: 0, evaluated: 0 }
        day.points += Number(row.points)
        day.correct += Number(row.correct)
        day.evaluated += Number(row.evaluated)
        days.set(key, day)
      }
      await tx.updateTable('rankingFolds').set({ upto: window.to }).where('kind', '=', kind).execute()
      more ||= window.to < window.upTo
    }
    await addDays(tx, days.values())
    return more
  })
}

/** Whether anything waits to be folded, read without the write lock (the usual answer is no). */
async function anythingToFold(ctx: RankingsContext, now: number): Promise<boolean> {
  const marks = await ctx.db.selectFrom('rankingFolds').selectAll().execute()
  if (marks.length !== 2 || marks.some((mark) => mark.timeZone !== ctx.config.timeZone)) return true
  for (const mark of marks) {
    if (await nextWindow(ctx.db, mark.kind, Number(mark.upto), now)) return true
  }
  return false
}

/** Folds everything decided by `now` into ranking_days. */
export async function foldRankingDays(ctx: RankingsContext, now: number): Promise<void> {
  if (!(await anythingToFold(ctx, now))) return
  while (await foldWindow(ctx, now)) {
    // a backlog: one window per transaction, so others get the database in between
    await yieldToRequests()
  }
}

export function rankingDaysJob(ctx: RankingsContext): Job {
  return { name: 'fold ranking days', run: (now) => foldRankingDays(ctx, now) }
}

/**
 * Whether rankings up to `end` are final: everything due (or decided) before it is decided, or passed
 * over, and folded.
 */
export async function foldedBeyond(db: Executor, end: number, now: number): Promise<boolean> {
  const marks = await db.selectFrom('rankingFolds').selectAll().execute()
  if (marks.length !== 2) return false
  for (const mark of marks) {
    const upto = Number(mark.upto)
    if ((await foldableUpTo(db, mark.kind, upto, now)) < end) return false
    const first = await firstAfter(db, mark.kind, upto)
    if (first !== undefined && first < end) return false
  }
  return true
}
