import { describe, expect, it } from 'vitest'
import {
  correctness,
  evaluationDelayMs,
  isCorrectPrediction,
  nextEvaluationTime,
  normalizeTrend,
  predictionStanding,
  predictionStatus,
  titleScore,
} from '../../src/domain/prediction'

describe('prediction rules', () => {
  it('is correct when Up and the price rose, or Down and it fell; an unchanged price is never correct', () => {
    expect(isCorrectPrediction('Up', 100, 101)).toBe(true)
    expect(isCorrectPrediction('Up', 100, 99)).toBe(false)
    expect(isCorrectPrediction('Down', 100, 99)).toBe(true)
    expect(isCorrectPrediction('Down', 100, 101)).toBe(false)
    expect(isCorrectPrediction('Up', 100, 100)).toBe(false)
    expect(isCorrectPrediction('Down', 100, 100)).toBe(false)
  })

  it('reads the trend in either spelling', () => {
    expect(normalizeTrend('up')).toBe('Up')
    expect(normalizeTrend('DOWN')).toBe('Down')
    expect(normalizeTrend('flat')).toBeUndefined()
  })

  it('is running until evaluatedAt is set', () => {
    expect(predictionStatus({})).toBe('running')
    expect(predictionStatus({ evaluatedAt: null })).toBe('running')
    expect(predictionStatus({ evaluatedAt: 5 })).toBe('completed')
  })

  it('next evaluation is the earliest running createdAt plus three hours', () => {
    expect(evaluationDelayMs).toBe(10_800_000)
    const predictions = [{ createdAt: 1_000, evaluatedAt: 2_000 }, { createdAt: 5_000 }, { createdAt: 3_000 }]
    expect(nextEvaluationTime(predictions)).toBe(3_000 + 10_800_000)
    expect(nextEvaluationTime([{ createdAt: 1, evaluatedAt: 2 }])).toBeUndefined()
  })

  it('falls back to the latest tick without an evaluation price', () => {
    const running = { trend: 'Up' as const, atPrice: 10, rewardFactor: 1 }
    expect(correctness(running)).toBeUndefined()
    expect(correctness(running, 11)).toBe(true)
    expect(correctness({ ...running, evalPrice: 9 }, 11)).toBe(false)
  })

  it('calls a running prediction unchanged while the price has not moved, and an evaluated one wrong', () => {
    const running = { trend: 'Up' as const, atPrice: 10, rewardFactor: 1 }
    expect(predictionStanding(running, 10)).toBe('unchanged')
    expect(predictionStanding(running, 11)).toBe('correct')
    expect(predictionStanding(running, 9)).toBe('incorrect')
    expect(predictionStanding(running)).toBeUndefined()
    // decided at its own price: wrong, as the rules say
    expect(predictionStanding({ ...running, evalPrice: 10, evaluatedAt: 5 }, 11)).toBe('incorrect')
  })

  it('scores a title as the sum of rewardFactor over its correct predictions', () => {
    const predictions = [
      { trend: 'Up' as const, atPrice: 10, evalPrice: 12, rewardFactor: 1 },
      { trend: 'Up' as const, atPrice: 10, evalPrice: 8, rewardFactor: 1 },
      { trend: 'Down' as const, atPrice: 10, evalPrice: 9, rewardFactor: 0.5 },
      { trend: 'Down' as const, atPrice: 10, rewardFactor: 0.25 },
    ]
    expect(titleScore(predictions, 9.5)).toBe(1.75)
    expect(titleScore(predictions, 10.5)).toBe(1.5)
  })
})
