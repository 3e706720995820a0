import { describe, expect, it } from 'vitest'
import { groupActivity, maxActivityGroups } from '../../src/domain/activity-grouping'
import { rankPlayers } from '../../src/domain/ranking'

describe('ranking', () => {
  it('orders by points, then accuracy, and shares ranks on ties', () => {
    const ranked = rankPlayers([
      { userId: 1, username: 'carol', points: 5, correct: 1, evaluated: 2 },
      { userId: 2, username: 'alice', points: 9, correct: 0, evaluated: 0 },
      { userId: 3, username: 'bob', points: 5, correct: 3, evaluated: 4 },
      { userId: 4, username: 'dave', points: 5, correct: 1, evaluated: 2 },
      { userId: 5, username: 'erin', points: 1, correct: 0, evaluated: 1 },
    ])
    expect(ranked.map((p) => [p.username, p.rank])).toEqual([
      ['alice', 1],
      ['bob', 2],
      ['carol', 3],
      ['dave', 3],
      ['erin', 5],
    ])
    expect(ranked[1]?.accuracy).toBe(0.75)
    expect(ranked[0]?.accuracy).toBe(0)
  })
})

describe('activity grouping', () => {
  const hour = 3600_000
  it('merges same-type elements within one hour, newest first', () => {
    const groups = groupActivity([
      { type: 'Vote', timestamp: 10 * hour, data: 'v1' },
      { type: 'Vote', timestamp: 9.5 * hour, data: 'v2' },
      { type: 'Vote', timestamp: 8.5 * hour, data: 'v2b' },
      { type: 'Vote', timestamp: 8.4 * hour, data: 'v3' },
      { type: 'Poll', timestamp: 9.7 * hour, data: 'p1' },
    ])
    expect(groups.map((g) => [g.type, g.elements.map((e) => e.data)])).toEqual([
      ['Vote', ['v1']],
      ['Poll', ['p1']],
      ['Vote', ['v2', 'v2b']],
      ['Vote', ['v3']],
    ])
  })

  it('tells evaluated predictions from new ones', () => {
    const groups = groupActivity([
      { type: 'TaggedMessage', timestamp: 5, data: 'a', evaluationTime: 5, evalPrice: 10 },
      { type: 'TaggedMessage', timestamp: 4, data: 'b', evaluationTime: 9, evalPrice: null },
      { type: 'TaggedMessage', timestamp: 3, data: 'c', evaluationTime: 3 },
    ])
    expect(groups.map((g) => g.type)).toEqual(['TaggedMessageEvaluated', 'TaggedMessagePredicted'])
    expect(groups[1]?.elements.map((e) => e.data)).toEqual(['b', 'c'])
  })

  it('keeps at most 20 groups', () => {
    const elements = Array.from({ length: 50 }, (_, i) => ({
      type: 'Vote' as const,
      timestamp: i * 2 * hour,
      data: i,
    }))
    const groups = groupActivity(elements)
    expect(groups).toHaveLength(maxActivityGroups)
    expect(groups[0]?.elements[0]?.data).toBe(49)
  })
})
