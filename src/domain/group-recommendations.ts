/** What the hottest-bets list needs of a poll. */
export interface BetCandidate {
  readonly pollId: number
  readonly titleId: number
  readonly endTime: number
  readonly phase: 'open' | 'closed' | 'evaluated'
  readonly results: { readonly totalTtcBet: number }
}

/** What the hottest-groups list needs of a group. */
export interface GroupCandidate {
  readonly id: number
  readonly name: string
  readonly publicGroup: boolean
  readonly memberCount: number
  readonly createdAt: number
}

/** How many entries each recommendation list shows on the group tile. */
export const recommendationCount = 3

/**
 * The polls that still take bets, the most TTC bet first; equal pots put the one closing first ahead,
 * since it is the one a player could miss.
 */
export function hottestBets<P extends BetCandidate>(polls: readonly P[], limit = recommendationCount): P[] {
  return polls
    .filter((poll) => poll.phase === 'open')
    .sort((a, b) => b.results.totalTtcBet - a.results.totalTtcBet || a.endTime - b.endTime)
    .slice(0, limit)
}

/**
 * Public groups a player could join, the most members first; among equals the newer group, which is
 * more likely still growing, then by name for a stable order.
 */
export function hottestGroups<G extends GroupCandidate>(
  groups: readonly G[],
  limit = recommendationCount,
): G[] {
  return groups
    .filter((group) => group.publicGroup)
    .sort(
      (a, b) =>
        b.memberCount - a.memberCount || b.createdAt - a.createdAt || a.name.localeCompare(b.name, 'en-US'),
    )
    .slice(0, limit)
}
