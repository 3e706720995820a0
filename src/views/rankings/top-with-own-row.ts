import type { RankingRow } from '~/api/rankings'

/** The first `count` rows, and the player's own row after them when it is further down. */
export function topWithOwnRow(rows: readonly RankingRow[], userId: number, count: number): RankingRow[] {
  const top = rows.slice(0, count)
  const own = rows.find((row) => row.userId === userId)
  return own && !top.includes(own) ? [...top, own] : top
}
