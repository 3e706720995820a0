import { describe, expect, it } from 'vitest'
import { formatTime } from '../../src/domain/date-format'
import { newlyJudged, newlySettled, predictionTally } from '../../src/domain/results'
import { gameNotices } from '../../src/machines/game-notices'
import { betResultNotice, predictionResultsNotice } from '../../src/machines/result-notices'
import { pollAt, taggedMessage } from '../support/game-fixtures'

const names: Record<number, string> = { 1: 'Apple', 2: 'Tesla' }
const titleName = (id: number) => names[id]

describe('newlyJudged', () => {
  const running = [
    taggedMessage('a', { titleId: 1, trend: 'Up', atPrice: 100, rewardFactor: 0.857 }),
    taggedMessage('b', { titleId: 2, trend: 'Down', atPrice: 50, rewardFactor: 1 }),
    taggedMessage('c', { titleId: 1, trend: 'Down', atPrice: 100 }),
  ]
  it('tells the predictions running before and judged now, right or wrong, with their reward', () => {
    const judged = (messageId: string, evalPrice: number) =>
      taggedMessage(messageId, {
        ...running.find((p) => p.messageId === messageId),
        evalPrice,
        evaluatedAt: 5,
      })
    const after = [judged('a', 101), judged('b', 51), running[2] ?? taggedMessage('c')]
    expect(newlyJudged(running, after)).toEqual([
      { titleId: 1, trend: 'Up', correct: true, reward: 0.86 },
      { titleId: 2, trend: 'Down', correct: false, reward: 0 },
    ])
  })
  it('does not tell again what was judged already, nor a prediction it never saw running', () => {
    const judged = taggedMessage('a', { evalPrice: 101, evaluatedAt: 5 })
    expect(newlyJudged([judged], [judged])).toEqual([])
    expect(newlyJudged([], [judged])).toEqual([])
    expect(newlyJudged(running, running)).toEqual([])
  })
  it('adds results up', () => {
    expect(
      predictionTally([
        { titleId: 1, trend: 'Up', correct: true, reward: 0.86 },
        { titleId: 1, trend: 'Up', correct: true, reward: 0.57 },
        { titleId: 2, trend: 'Down', correct: false, reward: 0 },
      ]),
    ).toEqual({ right: 2, wrong: 1, won: 1.43 })
  })
})

describe('newlySettled', () => {
  const bet = { pollId: 7, userId: 5, vote: 'up' as const, ttcBet: 5, createdAt: 1, payout: null }
  const open = pollAt(7, 1, 0, { votes: [bet] })
  const settled = (payout: number) =>
    pollAt(7, 1, 0, { outcome: 'up', settledAt: 9, votes: [{ ...bet, payout }] })
  it('tells a bet whose payout became known, won or lost', () => {
    expect(newlySettled([open], [settled(12.5)])).toEqual([
      { pollId: 7, titleId: 1, vote: 'up', outcome: 'up', stake: 5, payout: 12.5 },
    ])
    expect(newlySettled([open], [settled(0)])[0]?.payout).toBe(0)
  })
  it('ignores polls without a bet of the player, already settled ones and unsettled ones', () => {
    expect(newlySettled([pollAt(8, 1, 0)], [pollAt(8, 1, 0, { outcome: 'up', settledAt: 9 })])).toEqual([])
    expect(newlySettled([settled(3)], [settled(3)])).toEqual([])
    expect(newlySettled([open], [open])).toEqual([])
  })
})

describe('the notice of a recorded prediction', () => {
  it('says the direction, the title, the price in its currency and when it is judged', () => {
    const createdAt = Date.UTC(2026, 10, 26, 12, 0)
    const notice = gameNotices.predictionRecorded({
      titleId: 1,
      titleName: 'Apple',
      currency: 'USD',
      trend: 'Up',
      atPrice: 190.2,
      createdAt,
    })
    expect(notice).toMatchObject({
      kind: 'positive',
      message: 'Up on Apple at $190.20',
      key: 'prediction_recorded',
    })
    expect(notice.caption).toBe(
      `Judged at ${formatTime(createdAt + 3 * 3600_000)}; it is in Your Predictions`,
    )
    expect(
      gameNotices.predictionRecorded({ titleId: 9, currency: 'EUR', trend: 'Down', atPrice: 1, createdAt })
        .message,
    ).toMatch(/^Down on Title #9 at /)
  })
})

describe('result notices', () => {
  it('word one judged prediction by its title, several as a count, with the TTC won', () => {
    expect(
      predictionResultsNotice([{ titleId: 1, trend: 'Up', correct: true, reward: 0.86 }], titleName),
    ).toMatchObject({
      kind: 'positive',
      message: 'Apple: your Up call was right',
      caption: 'You won +0.86 TTC',
      key: 'prediction_results',
    })
    expect(
      predictionResultsNotice(
        [
          { titleId: 2, trend: 'Down', correct: false, reward: 0 },
          { titleId: 9, trend: 'Up', correct: false, reward: 0 },
        ],
        titleName,
      ),
    ).toMatchObject({
      kind: 'info',
      message: '2 predictions judged: 0 right, 2 wrong',
      caption: 'No reward this time',
    })
    expect(
      predictionResultsNotice([{ titleId: 9, trend: 'Down', correct: false, reward: 0 }], titleName).message,
    ).toBe('Title #9: your Down call was wrong')
  })
  it('word a settled bet: the outcome and what the bet paid or cost', () => {
    const result = {
      pollId: 7,
      titleId: 1,
      vote: 'flat' as const,
      outcome: 'up' as const,
      stake: 5,
      payout: 0,
    }
    expect(betResultNotice(result, titleName)).toMatchObject({
      kind: 'info',
      message: 'Apple poll: Up won',
      caption: 'Your Flat bet of 5.00 TTC was lost',
    })
    expect(betResultNotice({ ...result, vote: 'up', payout: 22.01 }, titleName)).toMatchObject({
      kind: 'positive',
      caption: 'Your Up bet paid +22.01 TTC',
    })
  })
})
