import { type RawBuilder, sql } from 'kysely'
import { type MessageVerdict, messageVerdict } from '../../src/domain/author-score'
import type { Db, Executor, Tx } from '../db/database'
import { isPostgres } from '../db/dialect'
import { inTransaction } from '../db/transaction'
import { type Job, yieldToRequests } from '../jobs/job-runner'
import { dueWindowEnd } from './due-window'
import { type SplitRow, splitColumnsSql, splitOf } from './message-splits'
import { evaluationMatchSql } from './prediction-sql'

/**
 * Evaluated predictions counted per transaction: a slice reads them by the due index, then every
 * prediction of their messages by the message index, and writes the verdicts that changed; a backlog
 * (a migrated database counts everything again) holds the event loop and the write lock only this long.
 */
export const authorScoreSliceSize = 2000
/** Messages per statement: well under both dialects' parameter limits. */
const messageChunk = 500

export interface AuthorScoreOptions {
  sliceSize?: number
}

/**
 * Brings the author scores up to the evaluated predictions: each author's judged messages and the ones
 * proved right (messageVerdict per message and title over its judged predictions), moved by the verdicts
 * that changed since the last count. Slice by slice, each one transaction, requests served between them.
 * Returns the slices counted (0 when nothing was new: one statement, no transaction).
 *
 * A verdict changes only when one of its predictions gets judged: when the evaluation's progress passes
 * its due time with its key priced, or later, when a key left pending gets its price. So the count
 * follows the evaluation's progress with its own (author_score_progress) and recomputes the messages of
 * the predictions it passes; the transaction that prices a pending key queues its messages for a recount
 * (recountMessagesOfKey), so no pass looks at pending keys. Recomputing a verdict that did not change
 * changes nothing, so reading a message twice (a prediction judged meanwhile by a concurrent evaluation)
 * is harmless.
 *
 * A deleted account takes its predictions: its messages are counted again (recountMessagesOf).
 *
 * Every author of the stream has a score row from the moment their first message is stored
 * (messages.repo.ts), zeros until a message of theirs is judged.
 */
export async function refreshAuthorScores(db: Db, options: AuthorScoreOptions = {}): Promise<number> {
  const sliceSize = Math.max(1, options.sliceSize ?? authorScoreSliceSize)
  let slices = 0
  while (await hasNewJudgements(db)) {
    if (slices > 0) await yieldToRequests()
    await inTransaction(db, (tx) => countSlice(tx, sliceSize))
    slices += 1
  }
  return slices
}

/** Whether the evaluation has moved past the count, or messages wait for a recount: two key lookups. */
async function hasNewJudgements(db: Db): Promise<boolean> {
  const { rows } = await sql<{ countedTo: unknown; evaluatedTo: unknown; recounts: unknown }>`select
      a.counted_to, (select e.evaluated_to from evaluation_progress e where e.id = 1) as evaluated_to,
      case when exists (select 1 from author_score_recounts) then 1 else 0 end as recounts
    from author_score_progress a where a.id = 1`.execute(db)
  const [row] = rows
  if (!row) return false
  return Number(row.evaluatedTo ?? 0) > Number(row.countedTo) || Number(row.recounts) > 0
}

/**
 * Has the messages of a player's predictions counted again (in the account's deletion, before its
 * predictions go): their verdicts are those of the predictions left.
 */
export async function recountMessagesOf(tx: Tx, userId: number): Promise<void> {
  await sql`insert into author_score_recounts (message_id)
    select distinct message_id from tagged_messages where user_id = ${userId}
    on conflict (message_id) do nothing`.execute(tx)
}

/**
 * Has the messages of a key's predictions counted again (in the transaction that prices a key left
 * pending: its predictions are judged behind the count's progress). `ofKey` is ofKeySql's condition on
 * `t`. Before the count has passed the key it is counted twice, which changes nothing.
 */
export async function recountMessagesOfKey(tx: Tx, ofKey: RawBuilder<boolean>): Promise<void> {
  await sql`insert into author_score_recounts (message_id)
    select distinct t.message_id from tagged_messages t where ${ofKey}
    on conflict (message_id) do nothing`.execute(tx)
}

/**
 * One slice: up to `sliceSize` messages queued for a recount, and those of the evaluated predictions due
 * in the next window of about `sliceSize` from the count's progress on, recounted. The progress row is locked
 * first (PostgreSQL; SQLite's writers queue), so two processes never count the same change twice.
 */
async function countSlice(tx: Tx, sliceSize: number): Promise<void> {
  const progress = tx.selectFrom('authorScoreProgress').select('countedTo').where('id', '=', 1)
  const countedTo = Number(
    (await (isPostgres(tx) ? progress.forUpdate() : progress).executeTakeFirst())?.countedTo,
  )
  const evaluated = await tx
    .selectFrom('evaluationProgress')
    .select('evaluatedTo')
    .where('id', '=', 1)
    .executeTakeFirst()
  const evaluatedTo = Number(evaluated?.evaluatedTo ?? 0)
  const messages = new Set<string>()
  const recounts = await tx
    .deleteFrom('authorScoreRecounts')
    .where('messageId', 'in', (eb) =>
      eb.selectFrom('authorScoreRecounts').select('messageId').limit(sliceSize),
    )
    .returning('messageId')
    .execute()
  for (const row of recounts) messages.add(row.messageId)
  if (evaluatedTo > countedTo) {
    const upTo = await dueWindowEnd(tx, countedTo, evaluatedTo, sliceSize)
    const window = await tx
      .selectFrom('taggedMessages')
      .select('messageId')
      .distinct()
      .where('evaluationDueAt', '>', countedTo)
      .where('evaluationDueAt', '<=', upTo)
      .execute()
    for (const row of window) messages.add(row.messageId)
    await tx.updateTable('authorScoreProgress').set({ countedTo: upTo }).where('id', '=', 1).execute()
  }
  const ids = [...messages]
  for (let start = 0; start < ids.length; start += messageChunk)
    await recount(tx, ids.slice(start, start + messageChunk))
}

interface Count {
  judged: number
  provedRight: number
}

/**
 * Every (message, title) of `messageIds` judged again from its judged predictions (by the message
 * index); the verdicts that changed are stored and move their authors' counts by the difference.
 */
async function recount(tx: Executor, messageIds: readonly string[]): Promise<void> {
  const splits = await sql<SplitRow & { messageId: string; titleId: number }>`
    select t.message_id, t.title_id, ${splitColumnsSql()}
    from tagged_messages t inner join evaluation_prices p on ${evaluationMatchSql()}
    where t.message_id in (${sql.join(messageIds)})
    group by t.message_id, t.title_id`.execute(tx)
  const stored = await tx
    .selectFrom('messageVerdicts')
    .select(['messageId', 'titleId', 'verdict'])
    .where('messageId', 'in', messageIds)
    .execute()
  const authors = await tx
    .selectFrom('messageAuthors')
    .select(['messageId', 'author'])
    .where('messageId', 'in', messageIds)
    .execute()
  const authorOf = new Map(authors.map((row) => [row.messageId, row.author]))
  const pairs = new Map<
    string,
    { messageId: string; titleId: number; was: MessageVerdict; is: MessageVerdict }
  >()
  const pairOf = (messageId: string, titleId: number) => {
    const id = `${titleId}/${messageId}`
    let pair = pairs.get(id)
    if (!pair) {
      pair = { messageId, titleId, was: 'undecided', is: 'undecided' }
      pairs.set(id, pair)
    }
    return pair
  }
  for (const row of stored) pairOf(row.messageId, Number(row.titleId)).was = row.verdict
  // a message without a known author counts for no one
  for (const row of splits.rows)
    if (authorOf.has(row.messageId))
      pairOf(row.messageId, Number(row.titleId)).is = messageVerdict(splitOf(row))

  const deltas = new Map<string, Count>()
  const decided: { messageId: string; titleId: number; verdict: 'right' | 'wrong' }[] = []
  const undecided: { messageId: string; titleId: number }[] = []
  for (const pair of pairs.values()) {
    if (pair.is === pair.was) continue
    const author = authorOf.get(pair.messageId)
    if (author !== undefined) {
      const delta = deltas.get(author) ?? { judged: 0, provedRight: 0 }
      delta.judged += judged(pair.is) - judged(pair.was)
      delta.provedRight += provedRight(pair.is) - provedRight(pair.was)
      deltas.set(author, delta)
    }
    if (pair.is === 'undecided') undecided.push(pair)
    else decided.push({ messageId: pair.messageId, titleId: pair.titleId, verdict: pair.is })
  }
  for (const pair of undecided)
    await tx
      .deleteFrom('messageVerdicts')
      .where('messageId', '=', pair.messageId)
      .where('titleId', '=', pair.titleId)
      .execute()
  if (decided.length > 0)
    await tx
      .insertInto('messageVerdicts')
      .values(decided)
      .onConflict((conflict) =>
        conflict.columns(['messageId', 'titleId']).doUpdateSet({ verdict: sql`excluded.verdict` }),
      )
      .execute()
  const moved = [...deltas].map(([author, delta]) => ({ author, ...delta }))
  if (moved.length > 0)
    await tx
      .insertInto('authorScores')
      .values(moved)
      .onConflict((conflict) =>
        conflict.column('author').doUpdateSet({
          judged: sql`author_scores.judged + excluded.judged`,
          provedRight: sql`author_scores.proved_right + excluded.proved_right`,
        }),
      )
      .execute()
}

const judged = (verdict: MessageVerdict) => (verdict === 'undecided' ? 0 : 1)
const provedRight = (verdict: MessageVerdict) => (verdict === 'right' ? 1 : 0)

/**
 * The periodic count, off the request path, on every pass: a pass with nothing newly judged is one
 * statement, so a new game's first verdicts count within a pass of their evaluation.
 */
export function authorScoresJob(db: Db): Job {
  return {
    name: 'refresh author scores',
    run: async () => {
      await refreshAuthorScores(db)
    },
  }
}
