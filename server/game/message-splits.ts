import { type RawBuilder, sql } from 'kysely'
import type { MessageSplit } from '../../src/domain/author-score'
import { isCorrectSql } from './prediction-sql'

/**
 * The judged split of a group of predictions (`t`, evaluation joined as `p`) as select columns: judged
 * Up and Down, and the right ones of each side (up, down, up_right, down_right: MessageSplit's fields once
 * the camel-case plugin reads them). Running predictions (a left join's unpriced rows) are not counted.
 */
export function splitColumnsSql(): RawBuilder<unknown> {
  const right = isCorrectSql('t.trend', 't.at_price', 'p.price')
  return sql`sum(case when t.trend = 'Up' and p.price is not null then 1 else 0 end) as up,
    sum(case when t.trend = 'Down' and p.price is not null then 1 else 0 end) as down,
    sum(case when t.trend = 'Up' and ${right} then 1 else 0 end) as up_right,
    sum(case when t.trend = 'Down' and ${right} then 1 else 0 end) as down_right`
}

/** A split row as the driver answers it (counts may come as strings on PostgreSQL). */
export interface SplitRow {
  up: unknown
  down: unknown
  upRight: unknown
  downRight: unknown
}

export function splitOf(row: SplitRow): MessageSplit {
  return {
    up: Number(row.up),
    down: Number(row.down),
    upRight: Number(row.upRight),
    downRight: Number(row.downRight),
  }
}
