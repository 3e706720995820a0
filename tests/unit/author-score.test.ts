import { describe, expect, it } from 'vitest'
import {
  authorPrior,
  authorScoreOf,
  credibleInterval,
  majorityOf,
  messageVerdict,
  posteriorMean,
} from '../../src/domain/author-score'

describe('the Beta-binomial author score', () => {
  it('has the prior mean, 1/2, with nothing judged', () => {
    expect(posteriorMean(0, 0)).toBe(0.5)
    expect(authorPrior).toEqual({ alpha: 5, beta: 5 })
  })
  it('does not rank two lucky calls at 100 %', () => {
    expect(posteriorMean(2, 2)).toBeCloseTo(7 / 12, 12)
    expect(posteriorMean(0, 2)).toBeCloseTo(5 / 12, 12)
  })
  it('moves towards the observed share as messages are judged', () => {
    expect(posteriorMean(30, 50)).toBeCloseTo(35 / 60, 12)
    expect(posteriorMean(600, 1000)).toBeCloseTo(605 / 1010, 12)
    expect(posteriorMean(1, 1, { alpha: 1, beta: 1 })).toBeCloseTo(2 / 3, 12)
  })
  it('has the Beta quantiles as its 95 % credible interval', () => {
    // scipy.stats.beta.ppf([0.025, 0.975], a, b)
    const prior = credibleInterval(0, 0)
    expect(prior.low).toBeCloseTo(0.21200851, 6)
    expect(prior.high).toBeCloseTo(0.78799149, 6)
    const twoLucky = credibleInterval(2, 2)
    expect(twoLucky.low).toBeCloseTo(0.30790472, 6)
    expect(twoLucky.high).toBeCloseTo(0.83251191, 6)
    const fifty = credibleInterval(30, 50)
    expect(fifty.low).toBeCloseTo(0.45745189, 6)
    expect(fifty.high).toBeCloseTo(0.70394968, 6)
    // Beta(1, 1) + 0 of 0 is uniform: the interval is [0.025, 0.975]
    const uniform = credibleInterval(0, 0, { alpha: 1, beta: 1 })
    expect(uniform.low).toBeCloseTo(0.025, 9)
    expect(uniform.high).toBeCloseTo(0.975, 9)
  })
  it('builds the score of an author from the counts', () => {
    const score = authorScoreOf('quietquant', 50, 30)
    expect(score).toMatchObject({ author: 'quietquant', judged: 50, provedRight: 30 })
    expect(score.score).toBeCloseTo(35 / 60, 12)
    expect(score.interval.low).toBeLessThan(score.score)
    expect(score.interval.high).toBeGreaterThan(score.score)
  })
})

describe('a message verdict: did the crowd majority prove right', () => {
  it('follows the majority side and the price on it', () => {
    expect(messageVerdict({ up: 3, down: 1, upRight: 2, downRight: 0 })).toBe('right')
    expect(messageVerdict({ up: 3, down: 1, upRight: 1, downRight: 1 })).toBe('wrong')
    expect(messageVerdict({ up: 0, down: 2, upRight: 0, downRight: 2 })).toBe('right')
    expect(messageVerdict({ up: 1, down: 0, upRight: 0, downRight: 0 })).toBe('wrong')
  })
  it('needs more than half of the majority right', () => {
    expect(messageVerdict({ up: 4, down: 1, upRight: 2, downRight: 1 })).toBe('wrong')
    expect(messageVerdict({ up: 4, down: 1, upRight: 3, downRight: 1 })).toBe('right')
  })
  it('leaves a tie or nothing judged undecided', () => {
    expect(messageVerdict({ up: 2, down: 2, upRight: 2, downRight: 0 })).toBe('undecided')
    expect(messageVerdict({ up: 0, down: 0, upRight: 0, downRight: 0 })).toBe('undecided')
    expect(majorityOf({ up: 2, down: 2 })).toBeNull()
    expect(majorityOf({ up: 1, down: 2 })).toBe('Down')
  })
})
