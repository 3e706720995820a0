import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { provideTitleChart } from '~/actors/title-data.actors'
import type { ApiClient } from '~/api/client'
import type { Chart, TimeRange } from '~/api/market'
import {
  selectChartRange,
  selectTitleData,
  selectTitleDataFailure,
  selectTitleDataLoading,
  titleChartMachine,
} from '~/machines/title-data.machine'
import type { TitleDataInput } from '~/machines/title-data.types'

const settle = () => new Promise((resolve) => setImmediate(resolve))

const chartOf = (range: TimeRange): Chart => ({
  titleId: 2494,
  range,
  interval: '5m',
  currency: 'USD',
  bars: [{ t: 600, o: 1, h: 2, l: 1, c: 2 }],
})

function start(load: (input: TitleDataInput) => Promise<Chart>) {
  const inputs: TitleDataInput[] = []
  const machine = titleChartMachine.provide({
    actors: {
      loadTitleData: fromPromise<Chart, TitleDataInput>(({ input }) => {
        inputs.push(input)
        return load(input)
      }),
    },
  })
  const actor = createActor(machine, { input: { titleId: 2494, range: 'today' } }).start()
  return { actor, inputs }
}

describe('the chart loader (spec §3 time ranges, §8)', () => {
  it('loads the chart of its range at once', async () => {
    const { actor, inputs } = start(async (input) => chartOf(input.range ?? 'today'))
    expect(selectTitleDataLoading(actor.getSnapshot())).toBe(true)
    await settle()
    expect(inputs).toEqual([{ titleId: 2494, range: 'today' }])
    expect(selectTitleData(actor.getSnapshot())).toEqual(chartOf('today'))
  })

  it('loads again for another range, dropping the shown chart and a running load', async () => {
    const { actor, inputs } = start(async (input) => chartOf(input.range ?? 'today'))
    actor.send({ type: 'titleData.rangeChosen', range: 'week' })
    await settle()
    actor.send({ type: 'titleData.rangeChosen', range: 'ytd' })
    expect(selectTitleData(actor.getSnapshot())).toBeUndefined()
    expect(selectChartRange(actor.getSnapshot())).toBe('ytd')
    await settle()
    expect(inputs.map((input) => input.range)).toEqual(['today', 'week', 'ytd'])
    expect(selectTitleData(actor.getSnapshot())?.range).toBe('ytd')
  })

  it("says 'Error loading chart data' when the load fails, and loads again on retry", async () => {
    let fail = true
    const { actor } = start(async (input) => {
      if (fail) throw new Error('404')
      return chartOf(input.range ?? 'today')
    })
    await settle()
    expect(selectTitleDataFailure(actor.getSnapshot())).toBe('Error loading chart data')
    fail = false
    actor.send({ type: 'titleData.retry' })
    expect(selectTitleDataFailure(actor.getSnapshot())).toBeUndefined()
    await settle()
    expect(selectTitleData(actor.getSnapshot())?.range).toBe('today')
  })

  it('asks the chart route for the range (the production wiring)', async () => {
    const calls: unknown[] = []
    const api = {
      call: async (name: string, args: Record<string, unknown>) => {
        calls.push([name, args.params, args.query])
        return chartOf('month')
      },
    } as unknown as ApiClient
    const actor = createActor(provideTitleChart(titleChartMachine, { api }), {
      input: { titleId: 2494, range: 'month' },
    }).start()
    await settle()
    expect(calls).toEqual([['titleChart', { id: 2494 }, { range: 'month' }]])
    expect(selectTitleData(actor.getSnapshot())?.range).toBe('month')
  })
})
