import { type RawBuilder, sql } from 'kysely'

/**
 * The prediction rules of src/domain as SQL, for statements over many rows at once. Tests hold each to
 * its domain twin on both dialects; change them together.
 */

/**
 * `isCorrectPrediction(trend, atPrice, evalPrice)`: Up and the price rose, or Down and it fell. False when
 * the evaluation price is null. The arguments are column expressions.
 */
export function isCorrectSql(trend: string, atPrice: string, evalPrice: string): RawBuilder<boolean> {
  const [t, at, ev] = [trend, atPrice, evalPrice].map((column) => sql.raw(column))
  return sql<boolean>`(${ev} is not null and ((${t} = 'Up' and ${at} < ${ev}) or (${t} = 'Down' and ${at} > ${ev})))`
}

/**
 * `toHundredths(rewardFactor)` (Math.round(x * 100)) as an integer: floor(x + 0.5), since PostgreSQL's
 * round() of a double breaks ties to even. Equal to Math.round for every reward factor (a unit test
 * walks them).
 */
export function creditHundredthsSql(rewardFactor: string): RawBuilder<number> {
  return sql<number>`cast(floor(${sql.raw(rewardFactor)} * 100 + 0.5) as bigint)`
}

/**
 * Prices are kept per title and due minute: a prediction is evaluated at its title's price at the start
 * of the minute it falls due in (at most 59 s before its due time, never after, so it can be evaluated as
 * soon as it is due, and the price does not depend on when the job runs). One lookup serves every
 * prediction of that title and minute.
 */
export const evaluationPriceGrainMs = 60_000

/** The due minute of a due-time column: rounded down to the price grain. */
export function dueMinuteSql(dueColumn: string): RawBuilder<number> {
  const due = sql.raw(dueColumn)
  return sql<number>`${due} - ${due} % ${sql.lit(evaluationPriceGrainMs)}`
}

/**
 * When a prediction (alias `t`) has its evaluation in a key row (alias `p`): its title and due minute,
 * covered by the job up to its due time, and priced. The one condition of both evaluation joins.
 */
export function evaluationMatchSql(prediction = 't', price = 'p'): RawBuilder<boolean> {
  const [t, p] = [prediction, price].map((alias) => sql.raw(alias))
  return sql<boolean>`${p}.title_id = ${t}.title_id
    and ${p}.due_minute = ${dueMinuteSql(`${prediction}.evaluation_due_at`)}
    and ${p}.covered_to >= ${t}.evaluation_due_at and ${p}.price is not null`
}

/**
 * A prediction's evaluation, joined: `left join evaluation_prices <p>` on evaluationMatchSql. `<p>.price`
 * is then its evalPrice; unmatched, it is running.
 */
export function evaluationJoinSql(prediction = 't', price = 'p'): RawBuilder<unknown> {
  return sql`left join evaluation_prices ${sql.raw(price)} on ${evaluationMatchSql(prediction, price)}`
}

/**
 * Whether a prediction (`t`) is one of a key's (title and due minute) that the job has covered: by the
 * due index, a minute's range then the title. The unary plus keeps the planner from reading every
 * prediction of the title by the (title, created) index instead.
 */
export function ofKeySql(
  titleId: RawBuilder<unknown>,
  dueMinute: RawBuilder<unknown>,
  coveredTo: RawBuilder<unknown>,
): RawBuilder<boolean> {
  return sql<boolean>`t.evaluation_due_at >= ${dueMinute}
    and t.evaluation_due_at < ${dueMinute} + ${sql.lit(evaluationPriceGrainMs)}
    and t.evaluation_due_at <= ${coveredTo} and +t.title_id = ${titleId}`
}

/** evaluatedAt under evaluationJoinSql: its due time once evaluated, else null. */
export function evaluatedAtSql(prediction = 't', price = 'p'): RawBuilder<number | null> {
  return sql<
    number | null
  >`case when ${sql.raw(price)}.price is not null then ${sql.raw(prediction)}.evaluation_due_at end`
}

/**
 * `<aggregate>` over the predictions (`t`) of pending keys (`p`: no price yet) that match `where`: per
 * pending key, through the pending index, then its minute of the due index. Written as a subquery per key
 * so that no planner drives it from the predictions' side (there are normally no pending keys at all).
 */
export function overPendingKeysSql(
  aggregate: 'count' | 'min due',
  where: RawBuilder<unknown> = sql`true`,
): RawBuilder<number | null> {
  const inner = aggregate === 'count' ? sql`count(*)` : sql`min(t.evaluation_due_at)`
  const outer = aggregate === 'count' ? sql`coalesce(sum(k.v), 0)` : sql`min(k.v)`
  const ofPendingKey = ofKeySql(sql.raw('p.title_id'), sql.raw('p.due_minute'), sql.raw('p.covered_to'))
  return sql<number | null>`(select ${outer} from (select (select ${inner} from tagged_messages t
      where ${ofPendingKey} and ${where}) as v
    from evaluation_prices p where p.price is null) k)`
}
