import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { CrowdHour } from '../api/crowd'

/** What the crowd loader is started with: the title and the chart's span (epoch ms, `to` excluded). */
export interface CrowdSplitInput {
  readonly titleId: number
  readonly from: number
  readonly to: number
}

export interface CrowdSplitContext extends CrowdSplitInput {
  readonly split?: readonly CrowdHour[]
  readonly failure?: string
}

export type CrowdSplitEvent = { readonly type: 'crowd.retry' }

export const crowdSplitFailedText = 'Error loading the crowd on this chart'

/** A loaded split is asked for again this often: the crowd keeps predicting while the chart is open. */
export const crowdRefreshMs = 60_000

/**
 * The crowd's hourly Up/Down split under a chart: loading, loaded, or failed (shown as failure with a
 * retry, never as an empty histogram). A loaded split is loaded again every `crowdRefreshMs`, the last
 * one staying drawn meanwhile (and beside the failure, should the new load fail). `loadCrowdSplit` is
 * provided by src/actors.
 */
export const crowdSplitMachine = setup({
  types: {} as { context: CrowdSplitContext; events: CrowdSplitEvent; input: CrowdSplitInput },
  actors: {
    loadCrowdSplit: fromPromise<CrowdHour[], CrowdSplitInput>(async () => {
      throw new Error('loadCrowdSplit is provided by src/actors')
    }),
  },
  delays: { crowdRefresh: crowdRefreshMs },
}).createMachine({
  id: 'crowdSplit',
  context: ({ input }) => ({ titleId: input.titleId, from: input.from, to: input.to }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ failure: undefined }),
      invoke: {
        src: 'loadCrowdSplit',
        input: ({ context }) => ({ titleId: context.titleId, from: context.from, to: context.to }),
        onDone: { target: 'loaded', actions: assign({ split: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ failure: crowdSplitFailedText }) },
      },
    },
    loaded: { after: { crowdRefresh: 'loading' } },
    failed: { on: { 'crowd.retry': 'loading' } },
  },
})
export type CrowdSplitMachine = typeof crowdSplitMachine

type Snapshot = SnapshotFrom<CrowdSplitMachine>
export const selectCrowdSplit = (snapshot: Snapshot) => snapshot.context.split
export const selectCrowdSplitFailure = (snapshot: Snapshot) => snapshot.context.failure
