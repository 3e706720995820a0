import { fromPromise } from 'xstate'
import type { ApiClient } from '../api/client'
import type { Chart } from '../api/market'
import type { TitleChartMachine, TitleOverviewMachine } from '../machines/title-data.machine'
import type { TitleDataInput, TitleOverview } from '../machines/title-data.types'

interface TitleDataDeps {
  readonly api: ApiClient
}

/**
 * The chart of one range. Market data is not the game's state: a failure shows in the panel instead
 * of sending the player to the server-error page.
 */
export function provideTitleChart(machine: TitleChartMachine, { api }: TitleDataDeps) {
  return machine.provide({
    actors: {
      loadTitleData: fromPromise<Chart, TitleDataInput>(({ input, signal }) =>
        api.call('titleChart', { params: { id: input.titleId }, query: { range: input.range }, signal }),
      ),
    },
  })
}

/** The universe's entry, the latest tick (absent before the first one) and the fundamentals. */
export function provideTitleOverview(machine: TitleOverviewMachine, { api }: TitleDataDeps) {
  return machine.provide({
    actors: {
      loadTitleData: fromPromise<TitleOverview, TitleDataInput>(async ({ input, signal }) => {
        const params = { id: input.titleId }
        const [universe, tick, fundamentals] = await Promise.all([
          api.call('universe', { signal }),
          api.call('titleTick', { params, signal }).catch(() => undefined),
          api.call('titleFundamentals', { params, signal }),
        ])
        return { title: universe.find((title) => title.id === input.titleId), tick, fundamentals }
      }),
    },
  })
}
