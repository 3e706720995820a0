/** A trophy kind a player won in a group's week (spec §3 "Badge", §1 trophies gold, silver, bronce). */
export type TrophyKind = 'gold' | 'silver' | 'bronce'

export const trophyKinds: readonly TrophyKind[] = ['gold', 'silver', 'bronce']

/** How a trophy is named to the player: the spec's 'bronce' reads Bronze. */
export const trophyLabels: Record<TrophyKind, string> = { gold: 'Gold', silver: 'Silver', bronce: 'Bronze' }

/** The kind of trophy a weekly rank earns: ranks 1 to 3 only. */
export function trophyKindOf(rank: number): TrophyKind | undefined {
  return trophyKinds[rank - 1]
}

/** How many trophies of each kind a player's badges add up to (a badge counts its weeks). */
export function trophyCounts(
  badges: readonly { readonly rank: number; readonly count: number }[],
): Record<TrophyKind, number> {
  const counts: Record<TrophyKind, number> = { gold: 0, silver: 0, bronce: 0 }
  for (const badge of badges) {
    const kind = trophyKindOf(badge.rank)
    if (kind) counts[kind] += badge.count
  }
  return counts
}

/** The server says 0 for a player not in the ranking (yet). */
export const isRanked = (rank: number) => rank > 0

/** Two letters for an avatar without a picture: the username's first letters. */
export function initialsOf(username: string): string {
  const letters = username.replace(/[^\p{L}\p{N}]/gu, '')
  return (letters.slice(0, 2) || '?').toUpperCase()
}
