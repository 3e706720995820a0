import { describe, expect, it } from 'vitest'
import type { GroupRankings, RankingRow } from '~/api/rankings'
import { wholeLiveRanking } from '~/domain/state-ranking'

const row = (rank: number): RankingRow => ({
  rank,
  userId: rank,
  username: `p${rank}`,
  points: 10 - rank,
  accuracy: 1,
})
const rankingOf = (rows: RankingRow[]): GroupRankings => ({ this_week: rows, last_week: [], all_time: [] })

describe('the live ranking in a state answer', () => {
  it("is the active group's this week, not group 1000's", () => {
    const rankings = { 1000: rankingOf([row(1), row(2)]), 7: rankingOf([row(3)]) }
    expect(wholeLiveRanking(rankings, 1000, 20)).toEqual([row(3)])
  })

  it("is group 1000's when that is the active group", () => {
    expect(wholeLiveRanking({ 1000: rankingOf([row(1)]) }, 1000, 20)).toEqual([row(1)])
  })

  it('is unknown when the rows reach the cut: the ranking may go on past it', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => row(index + 1))
    expect(wholeLiveRanking({ 1000: rankingOf(twenty) }, 1000, 20)).toBeUndefined()
    expect(wholeLiveRanking({ 1000: rankingOf(twenty.slice(1)) }, 1000, 20)).toHaveLength(19)
  })

  it('is unknown when the answer has no ranking', () => {
    expect(wholeLiveRanking({}, 1000, 20)).toBeUndefined()
  })
})
