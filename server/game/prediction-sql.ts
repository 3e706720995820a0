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
