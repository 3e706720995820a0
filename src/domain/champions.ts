/** One of last week's top three; a placeholder holds only its rank until the ranking arrives. */
export interface Champion {
  readonly rank: number
  readonly userId?: number
  readonly username?: string
  /** TTC won last week */
  readonly points?: number
}

/** Spec §9: three ranks. */
export const championRanks = [1, 2, 3] as const

/** What the store holds before the server's ranking arrives. */
export const championPlaceholders: readonly Champion[] = championRanks.map((rank) => ({ rank }))

/**
 * Last week's top three by ascending rank (ties keep their shared rank); ranks nobody reached stay
 * placeholders, so the list always has three entries.
 */
export function toRecentChampions(ranked: readonly Champion[]): Champion[] {
  const top = [...ranked].sort((a, b) => a.rank - b.rank).slice(0, championRanks.length)
  const placeholders = championPlaceholders.slice(top.length)
  return [...top, ...placeholders]
}
