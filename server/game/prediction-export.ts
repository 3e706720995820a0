import { sql } from 'kysely'
import type { Executor } from '../db/database'
import { keysetPages } from '../db/keyset-pages'
import { evaluationMatchSql, isCorrectSql } from './prediction-sql'

/** Rows per keyset page: one statement each, so memory holds one page whatever the table's size. */
export const exportPageSize = 2000

/** A judged prediction as researchers get it: no user id, no name. */
export interface ExportedPrediction {
  titleId: number
  messageId: string
  /** epoch ms the prediction was made */
  createdAt: number
  trend: 'Up' | 'Down'
  atPrice: number
  /** epoch ms whose price judged it */
  evaluatedAt: number
  evalPrice: number
  correct: boolean
  /** the crowd on the same message and title before it: Up and Down predictions */
  crowdUp: number
  crowdDown: number
}

export const exportColumns = [
  'titleId',
  'messageId',
  'createdAt',
  'trend',
  'atPrice',
  'evaluatedAt',
  'evalPrice',
  'correct',
  'crowdUp',
  'crowdDown',
] as const satisfies readonly (keyof ExportedPrediction)[]

interface Cursor {
  due: number
  titleId: number
  userId: number
  messageId: string
}

const crowdBefore = (trend: 'Up' | 'Down') => sql<number>`(select count(*) from tagged_messages c
  where c.message_id = t.message_id and c.title_id = t.title_id
    and c.created_at < t.created_at and c.trend = ${trend})`

/**
 * Every judged prediction in due order, a keyset page at a time (due time, title, then the key's user and
 * message, the user only as the cursor's tie-break, never sent): by the due index, each page one
 * statement after the last row of the one before, so the database never holds a cursor open and memory
 * stays at one page.
 */
export async function* judgedPredictionsForExport(db: Executor): AsyncGenerator<ExportedPrediction> {
  const pages = keysetPages(
    exportPageSize,
    (after: Cursor | undefined, limit) =>
      db
        .selectFrom('taggedMessages as t')
        .innerJoin('evaluationPrices as p', (join) => join.on(evaluationMatchSql()))
        .select([
          't.evaluationDueAt',
          't.titleId',
          't.userId',
          't.messageId',
          't.createdAt',
          't.trend',
          't.atPrice',
          'p.price',
          isCorrectSql('t.trend', 't.at_price', 'p.price').as('correct'),
          crowdBefore('Up').as('crowdUp'),
          crowdBefore('Down').as('crowdDown'),
        ])
        .$if(after !== undefined, (query) => {
          const c = after as Cursor
          return query.where(
            sql<boolean>`(t.evaluation_due_at, t.title_id, t.user_id, t.message_id) > (${c.due}, ${c.titleId}, ${c.userId}, ${c.messageId})`,
          )
        })
        .orderBy('t.evaluationDueAt')
        .orderBy('t.titleId')
        .orderBy('t.userId')
        .orderBy('t.messageId')
        .limit(limit)
        .execute(),
    (last) => ({
      due: Number(last.evaluationDueAt),
      titleId: Number(last.titleId),
      userId: Number(last.userId),
      messageId: last.messageId,
    }),
  )
  for await (const rows of pages)
    for (const row of rows)
      yield {
        titleId: Number(row.titleId),
        messageId: row.messageId,
        createdAt: Number(row.createdAt),
        trend: row.trend,
        atPrice: Number(row.atPrice),
        evaluatedAt: Number(row.evaluationDueAt),
        evalPrice: Number(row.price),
        correct: Boolean(row.correct),
        crowdUp: Number(row.crowdUp),
        crowdDown: Number(row.crowdDown),
      }
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string | number | boolean): string {
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export const csvHeader = `${exportColumns.join(',')}\r\n`

export function csvLine(row: ExportedPrediction): string {
  return `${exportColumns.map((column) => csvField(row[column])).join(',')}\r\n`
}

export function jsonLine(row: ExportedPrediction): string {
  return `${JSON.stringify(row)}\n`
}

/** The export as text of the chosen format, a chunk per keyset page (the header first for CSV). */
export async function* exportLines(db: Executor, format: 'csv' | 'jsonl'): AsyncGenerator<string> {
  if (format === 'csv') yield csvHeader
  const line = format === 'csv' ? csvLine : jsonLine
  let chunk: string[] = []
  for await (const row of judgedPredictionsForExport(db)) {
    chunk.push(line(row))
    if (chunk.length === exportPageSize) {
      yield chunk.join('')
      chunk = []
    }
  }
  if (chunk.length > 0) yield chunk.join('')
}
