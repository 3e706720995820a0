import type { GroupRankings, RankingRow } from '../api/rankings'

/**
 * This week's ranking of the player's active group as a state answer carries it, or undefined when the
 * answer's rows may be a cut: the state holds the rankings of the active group and of group 1000 (the
 * active group's is the other one, when there is one) with at most `rowLimit` rows each. Fewer rows
 * than that are the whole ranking; a full list may go on past the cut, past the player's own row.
 */
export function wholeLiveRanking(
  rankings: Readonly<Record<string, GroupRankings>>,
  defaultGroupId: number,
  rowLimit: number,
): readonly RankingRow[] | undefined {
  const ids = Object.keys(rankings)
  const active = ids.find((id) => id !== String(defaultGroupId)) ?? String(defaultGroupId)
  const rows = rankings[active]?.this_week
  return rows && rows.length < rowLimit ? rows : undefined
}
