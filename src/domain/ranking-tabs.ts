import { type RankingPeriod, rankingPeriods } from './ranking-periods'

/** The rankings page's tabs (spec §2): the live ranking, then one per period. */
export const rankingTabs = ['realtime', ...rankingPeriods] as const
export type RankingTab = (typeof rankingTabs)[number]

/** `/rankings/{tab}`: the tab of a path segment; none or an unknown one shows the live ranking. */
export function rankingTabOf(segment: string | undefined): RankingTab {
  return (rankingTabs as readonly string[]).includes(segment ?? '') ? (segment as RankingTab) : 'realtime'
}

/** The period a tab loads; the live tab has none (it is the live ranking store). */
export const periodOfTab = (tab: RankingTab): RankingPeriod | undefined =>
  tab === 'realtime' ? undefined : tab

export type Trophy = 'gold' | 'silver' | 'bronce'
const trophies: readonly Trophy[] = ['gold', 'silver', 'bronce']

/**
 * DESIGN.md §3: a week's top three earn trophies, and only with points won: a week where nobody won
 * anything (everyone tied at 0, so everyone ranked first) crowns nobody.
 */
export const earnsTrophy = (rank: number, points: number) => rank <= trophies.length && points > 0

/**
 * Spec §1, DESIGN.md §3: a week's top three earn gold, silver and bronce trophies, so the weekly lists
 * (the live one is this week's) show them; all-time has none. Shared ranks share the trophy.
 */
export function trophyOf(rank: number, tab: RankingTab, points: number): Trophy | undefined {
  return tab === 'all_time' || !earnsTrophy(rank, points) ? undefined : trophies[rank - 1]
}
