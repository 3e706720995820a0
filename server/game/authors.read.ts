import { sql } from 'kysely'
import type { AuthorDetail, AuthorMessage, AuthorsPage, AuthorsQuery } from '../../src/api/authors'
import { authorPrior, authorScoreOf, messageVerdict } from '../../src/domain/author-score'
import type { Executor } from '../db/database'
import { type SplitRow, splitColumnsSql, splitOf } from './message-splits'
import { evaluationJoinSql } from './prediction-sql'

/** Recent messages on an author's page. */
export const authorRecentMessages = 20

/** posteriorMean (src/domain/author-score.ts) as SQL over author_scores, for the leaderboard's order. */
const posteriorMeanSql = sql`(${sql.lit(authorPrior.alpha)} + proved_right) * 1.0
  / (${sql.lit(authorPrior.alpha + authorPrior.beta)} + judged)`

/** One page of the authors' leaderboard from the refreshed aggregate (author_scores): a few rows, indexed by nothing bigger. */
export async function authorsPage(db: Executor, query: AuthorsQuery): Promise<AuthorsPage> {
  const order =
    query.sort === 'score'
      ? sql`${posteriorMeanSql} desc, judged desc, author`
      : sql`judged desc, ${posteriorMeanSql} desc, author`
  const [rows, total] = await Promise.all([
    db
      .selectFrom('authorScores')
      .select(['author', 'judged', 'provedRight'])
      .orderBy(order)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    db
      .selectFrom('authorScores')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ])
  const count = Number(total.count)
  const next = query.offset + rows.length
  return {
    authors: rows.map((row, i) => ({
      rank: query.offset + i + 1,
      ...authorScoreOf(row.author, Number(row.judged), Number(row.provedRight)),
    })),
    total: count,
    nextOffset: next < count && rows.length > 0 ? next : null,
  }
}

interface MessageSplitRow extends SplitRow {
  messageId: string
  titleId: number
  running: unknown
}

/** The crowd's split and verdict of each title of these messages, by the (message, title) index. */
async function outcomesOf(db: Executor, messageIds: readonly string[]) {
  if (messageIds.length === 0) return new Map<string, AuthorMessage['titles']>()
  const rows = await sql<MessageSplitRow>`select t.message_id, t.title_id, ${splitColumnsSql()},
      sum(case when p.price is null then 1 else 0 end) as running
    from tagged_messages t ${evaluationJoinSql()}
    where t.message_id in (${sql.join(messageIds)})
    group by t.message_id, t.title_id
    order by t.title_id`.execute(db)
  const outcomes = new Map<string, AuthorMessage['titles']>()
  for (const row of rows.rows) {
    const split = splitOf(row)
    const list = [...(outcomes.get(row.messageId) ?? [])]
    list.push({
      titleId: Number(row.titleId),
      up: split.up,
      down: split.down,
      running: Number(row.running),
      verdict: messageVerdict(split),
    })
    outcomes.set(row.messageId, list)
  }
  return outcomes
}

/**
 * An author's score and recent messages, or undefined for a handle that never wrote in the stream: the
 * author's row of the aggregate (a zero score until the job has counted them), their last messages by
 * the (author, created) index, the texts the stream still keeps, and each message's crowd and outcome.
 */
export async function authorDetail(db: Executor, author: string): Promise<AuthorDetail | undefined> {
  const recent = await db
    .selectFrom('messageAuthors')
    .select(['messageId', 'createdAt'])
    .where('author', '=', author)
    .orderBy('createdAt', 'desc')
    .orderBy('messageId', 'desc')
    .limit(authorRecentMessages)
    .execute()
  if (recent.length === 0) return undefined
  const ids = recent.map((row) => row.messageId)
  const [score, outcomes, texts] = await Promise.all([
    db
      .selectFrom('authorScores')
      .select(['judged', 'provedRight'])
      .where('author', '=', author)
      .executeTakeFirst(),
    outcomesOf(db, ids),
    db.selectFrom('marketMessages').select(['messageId', 'payload']).where('messageId', 'in', ids).execute(),
  ])
  const textOf = new Map(
    texts.map((row) => [row.messageId, (JSON.parse(row.payload) as { tweet?: string }).tweet ?? null]),
  )
  return {
    ...authorScoreOf(author, Number(score?.judged ?? 0), Number(score?.provedRight ?? 0)),
    recentMessages: recent.map((row) => ({
      messageId: row.messageId,
      createdAt: Number(row.createdAt),
      text: textOf.get(row.messageId) ?? null,
      titles: outcomes.get(row.messageId) ?? [],
    })),
  }
}
