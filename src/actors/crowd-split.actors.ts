import { fromPromise } from 'xstate'
import type { ApiClient } from '../api/client'
import type { CrowdHour } from '../api/crowd'
import type { CrowdSplitInput, CrowdSplitMachine } from '../machines/crowd-split.machine'

/** The crowd's split over the chart's span; a failure shows under the chart, not as the error page. */
export function provideCrowdSplit(machine: CrowdSplitMachine, { api }: { readonly api: ApiClient }) {
  return machine.provide({
    actors: {
      loadCrowdSplit: fromPromise<CrowdHour[], CrowdSplitInput>(({ input, signal }) =>
        api.call('titleCrowd', {
          params: { titleId: input.titleId },
          query: { from: input.from, to: input.to },
          signal,
        }),
      ),
    },
  })
}
