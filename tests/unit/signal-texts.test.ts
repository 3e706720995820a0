import { describe, expect, it } from 'vitest'
import {
  intervalText,
  pValueText,
  relativeScoreText,
  signalScoreDescription,
  signalScoreText,
  skillVerdictText,
} from '../../src/domain/signal-texts'

describe('skill and signal texts', () => {
  it('writes an interval once with one percent sign', () => {
    expect(intervalText({ low: 0.4878, high: 0.8077 })).toBe('48.8–80.8%')
    expect(intervalText({ low: 0, high: 1 })).toBe('0.0–100.0%')
  })
  it('writes p-values to three decimals and tiny ones as a bound', () => {
    expect(pValueText(0.0493686)).toBe('0.049')
    expect(pValueText(0.0004)).toBe('< 0.001')
    expect(pValueText(1)).toBe('1.000')
  })
  it('names why skill is not shown', () => {
    expect(skillVerdictText({ judged: 30, skillShown: true })).toBe('Skill shown')
    expect(skillVerdictText({ judged: 12, skillShown: false })).toBe(
      'Too few judged calls to tell skill from luck (12 of 30)',
    )
    expect(skillVerdictText({ judged: 40, skillShown: false })).toBe('Not yet distinguishable from luck')
  })
  it('signs the relative score', () => {
    expect(relativeScoreText(0.1234)).toBe('+0.12')
    expect(relativeScoreText(-0.5)).toBe('-0.50')
    expect(relativeScoreText(0)).toBe('0.00')
    expect(relativeScoreText(null)).toBe('–')
  })
})

describe('author signal texts', () => {
  it('shows the score as a whole percent and describes it in full', () => {
    expect(signalScoreText(0.6234)).toBe('62%')
    expect(signalScoreText(0.5)).toBe('50%')
    expect(
      signalScoreDescription({
        author: 'quietquant',
        score: 0.65,
        interval: { low: 0.4, high: 0.8 },
        judged: 1,
      }),
    ).toBe('Signal 65%: the signal score of @quietquant (95% interval 40.0–80.0%), 1 message judged')
    expect(
      signalScoreDescription({ author: 'a', score: 0.5, interval: { low: 0.2, high: 0.8 }, judged: 1200 }),
    ).toContain('1,200 messages judged')
  })
})
