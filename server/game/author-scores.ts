import { sql } from 'kysely'
import { messageVerdict } from '../../src/domain/author-score'
import type { Db } from '../db/database'
import { inTransaction } from '../db/transaction'
import type { Job } from '../jobs/job-runner'
import { type SplitRow, splitColumnsSql, splitOf } from './message-splits'
import { evaluationMatchSql } from './prediction-sql'

/** How often the scores are counted again, at most (server time): they move with evaluations, slowly. */
export const authorScoreRefreshMs = 60_000

interface AuthorSplitRow extends SplitRow {
  author: string
}

/**
 * Counts every author's judged messages again (messageVerdict, per message and title, over the judged
 * predictions) and replaces author_scores with them in one transaction; authors with no judged message
 * yet get a row of zeros, so every author of the stream has a score (the prior's). Read outside the
 * transaction: a long read must not hold SQLite's write lock.
 */
export async function refreshAuthorScores(db: Db): Promise<number> {
  const splits = await sql<AuthorSplitRow>`select m.author, ${splitColumnsSql()}
    from tagged_messages t
    inner join evaluation_prices p on ${evaluationMatchSql()}
    inner join message_authors m on m.message_id = t.message_id
    group by m.author, t.message_id, t.title_id`.execute(db)
  const authors = await db.selectFrom('messageAuthors').select('author').distinct().execute()
  const counts = new Map(authors.map((row) => [row.author, { judged: 0, provedRight: 0 }]))
  for (const row of splits.rows) {
    const verdict = messageVerdict(splitOf(row))
    if (verdict === 'undecided') continue
    const count = counts.get(row.author) ?? { judged: 0, provedRight: 0 }
    count.judged += 1
    if (verdict === 'right') count.provedRight += 1
    counts.set(row.author, count)
  }
  const rows = [...counts].map(([author, count]) => ({ author, ...count }))
  await inTransaction(db, async (tx) => {
    await tx.deleteFrom('authorScores').execute()
    for (let i = 0; i < rows.length; i += 500)
      await tx
        .insertInto('authorScores')
        .values(rows.slice(i, i + 500))
        .execute()
  })
  return rows.length
}

/** The periodic refresh, off the request path: at most once per authorScoreRefreshMs of server time. */
export function authorScoresJob(db: Db): Job {
  let refreshedAt = Number.NEGATIVE_INFINITY
  let scored = 0
  return {
    name: 'refresh author scores',
    run: async (now) => {
      // a new game counts its first authors as soon as the stream has some, then once a minute
      if (scored > 0 && now - refreshedAt < authorScoreRefreshMs) return
      scored = await refreshAuthorScores(db)
      refreshedAt = now
    },
  }
}
