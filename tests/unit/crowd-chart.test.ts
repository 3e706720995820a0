import { describe, expect, it } from 'vitest'
import { crowdRangeMaxMs } from '../../src/api/crowd'
import { crowdBars, crowdSpan, predictionMarkers } from '../../src/domain/crowd-chart'

const hourMs = 3_600_000
// Monday 2026-01-05 00:00 UTC
const monday = Date.UTC(2026, 0, 5)
const colours = { right: 'green', wrong: 'red' }

describe('crowdBars', () => {
  it('gives each hour its Up share less one half and its majority, in time order, empty hours left out', () => {
    const bars = crowdBars(
      [
        { hour: monday + 2 * hourMs, up: 1, down: 3 },
        { hour: monday, up: 3, down: 1 },
        { hour: monday + hourMs, up: 2, down: 2 },
        { hour: monday + 3 * hourMs, up: 0, down: 0 },
      ],
      '5m',
    )
    expect(bars).toEqual([
      { time: monday / 1000, value: 0.25, majority: 'Up', up: 3, down: 1 },
      { time: (monday + hourMs) / 1000, value: 0, majority: 'even', up: 2, down: 2 },
      { time: (monday + 2 * hourMs) / 1000, value: -0.25, majority: 'Down', up: 1, down: 3 },
    ])
  })

  it('sums the hours into the day on a daily chart and into the week on a weekly one', () => {
    const counts = [
      { hour: monday + 9 * hourMs, up: 1, down: 0 },
      { hour: monday + 15 * hourMs, up: 0, down: 3 },
      { hour: monday + 30 * hourMs, up: 4, down: 0 },
    ]
    expect(crowdBars(counts, '1d')).toEqual([
      { time: monday / 1000, value: -0.25, majority: 'Down', up: 1, down: 3 },
      { time: (monday + 24 * hourMs) / 1000, value: 0.5, majority: 'Up', up: 4, down: 0 },
    ])
    expect(crowdBars(counts, '1w')).toEqual([
      { time: monday / 1000, value: 5 / 8 - 0.5, majority: 'Up', up: 5, down: 3 },
    ])
  })
})

describe('predictionMarkers', () => {
  const made = monday + 10 * hourMs + 7 * 60_000
  it('marks judged predictions right or wrong on the bar they were made in, pointing their way', () => {
    const markers = predictionMarkers(
      [
        {
          trend: 'Down',
          atPrice: 100,
          createdAt: made + hourMs,
          evalPrice: 101,
          evaluatedAt: made + 4 * hourMs,
        },
        { trend: 'Up', atPrice: 100, createdAt: made, evalPrice: 101, evaluatedAt: made + 3 * hourMs },
      ],
      '5m',
      0,
      colours,
    )
    expect(markers).toEqual([
      {
        time: (monday + 10 * hourMs + 5 * 60_000) / 1000,
        position: 'belowBar',
        shape: 'arrowUp',
        color: 'green',
        text: 'right',
      },
      {
        time: (monday + 11 * hourMs + 5 * 60_000) / 1000,
        position: 'aboveBar',
        shape: 'arrowDown',
        color: 'red',
        text: 'wrong',
      },
    ])
  })

  it('leaves out running predictions and those before the chart starts', () => {
    const markers = predictionMarkers(
      [
        { trend: 'Up', atPrice: 100, createdAt: made },
        {
          trend: 'Up',
          atPrice: 100,
          createdAt: made - 2 * hourMs,
          evalPrice: 99,
          evaluatedAt: made + hourMs,
        },
        { trend: 'Down', atPrice: 100, createdAt: made, evalPrice: 99, evaluatedAt: made + 3 * hourMs },
      ],
      '1d',
      monday / 1000 + 1,
      colours,
    )
    expect(markers).toEqual([])
    const fromMonday = predictionMarkers(
      [{ trend: 'Down', atPrice: 100, createdAt: made, evalPrice: 99, evaluatedAt: made + 3 * hourMs }],
      '1d',
      monday / 1000,
      colours,
    )
    expect(fromMonday).toEqual([
      { time: monday / 1000, position: 'aboveBar', shape: 'arrowDown', color: 'green', text: 'right' },
    ])
  })
})

describe('crowdSpan', () => {
  const bar = (t: number) => ({ t, o: 1, h: 1, l: 1, c: 1 })
  it('runs from the first bar to the end of the last', () => {
    expect(crowdSpan([bar(monday / 1000), bar(monday / 1000 + 300)], '5m')).toEqual({
      from: monday,
      to: monday + 600_000,
    })
    expect(crowdSpan([], '5m')).toBeUndefined()
  })

  it("keeps to the route's longest range on a long chart", () => {
    const span = crowdSpan([bar(0), bar(monday / 1000)], '1w')
    expect(span).toEqual({ from: monday + 604_800_000 - crowdRangeMaxMs, to: monday + 604_800_000 })
  })
})
