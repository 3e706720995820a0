export interface PlayerScore {
  userId: number
  username: string
  /** TTC won in the period */
  points: number
  correct: number
  evaluated: number
}

export interface RankedPlayer extends PlayerScore {
  rank: number
  /** correct / evaluated predictions, 0 when none was evaluated */
  accuracy: number
}

export function accuracyOf(correct: number, evaluated: number): number {
  return evaluated > 0 ? correct / evaluated : 0
}

/**
 * Orders by points, then accuracy (both descending), then username for a stable list. Players equal in
 * points and accuracy share a rank and the next rank skips (1, 2, 2, 4).
 */
export function rankPlayers(scores: readonly PlayerScore[]): RankedPlayer[] {
  const withAccuracy = scores.map((s) => ({ ...s, accuracy: accuracyOf(s.correct, s.evaluated) }))
  withAccuracy.sort(
    (a, b) => b.points - a.points || b.accuracy - a.accuracy || a.username.localeCompare(b.username, 'en-US'),
  )
  const ranked: RankedPlayer[] = []
  withAccuracy.forEach((player, index) => {
    const previous = ranked[index - 1]
    const tied = previous && previous.points === player.points && previous.accuracy === player.accuracy
    ranked.push({ ...player, rank: tied ? previous.rank : index + 1 })
  })
  return ranked
}
