import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { Chart } from '../api/market'
import type { TitleDataContext, TitleDataEvent, TitleDataInput, TitleOverview } from './title-data.types'

/** Spec §8 fetch errors. */
export const titleDataTexts = {
  chartFailed: 'Error loading chart data',
  titleInfoFailed: 'Error fetching title information!',
} as const

/**
 * A loader of one title's data for the ticker panel (spec §2 "live stream per ticker"): loading,
 * loaded or failed with the spec's text; a new chart range loads again (a running load is dropped),
 * a failed load can be retried. `loadTitleData` is provided by src/actors.
 */
export function createTitleDataMachine<TData>(options: {
  readonly id: string
  readonly failureText: string
}) {
  return setup({
    types: {} as { context: TitleDataContext<TData>; events: TitleDataEvent; input: TitleDataInput },
    actors: {
      loadTitleData: fromPromise<TData, TitleDataInput>(async () => {
        throw new Error('loadTitleData is provided by src/actors')
      }),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ titleId: input.titleId, range: input.range }),
    on: {
      'titleData.rangeChosen': {
        target: '.loading',
        reenter: true,
        actions: assign(({ event }) => ({ range: event.range, data: undefined })),
      },
    },
    initial: 'loading',
    states: {
      loading: {
        entry: assign({ failure: undefined }),
        invoke: {
          src: 'loadTitleData',
          input: ({ context }) => ({ titleId: context.titleId, range: context.range }),
          onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output }) },
          onError: { target: 'failed', actions: assign({ failure: options.failureText }) },
        },
      },
      loaded: {},
      failed: {
        on: { 'titleData.retry': 'loading' },
      },
    },
  })
}

/** The chart of a title for a time range (`GET /v1/market/titles/:id/chart`). */
export const titleChartMachine = createTitleDataMachine<Chart>({
  id: 'titleChart',
  failureText: titleDataTexts.chartFailed,
})
export type TitleChartMachine = typeof titleChartMachine

/** The About and Fundamentals tabs' data. */
export const titleOverviewMachine = createTitleDataMachine<TitleOverview>({
  id: 'titleOverview',
  failureText: titleDataTexts.titleInfoFailed,
})
export type TitleOverviewMachine = typeof titleOverviewMachine

type Snapshot<TData> = SnapshotFrom<ReturnType<typeof createTitleDataMachine<TData>>>

export const selectTitleData = <TData>(snapshot: Snapshot<TData>) => snapshot.context.data
export const selectTitleDataLoading = <TData>(snapshot: Snapshot<TData>) => snapshot.matches('loading')
/** The spec's text of the failed load, or undefined. */
export const selectTitleDataFailure = <TData>(snapshot: Snapshot<TData>) => snapshot.context.failure
export const selectChartRange = <TData>(snapshot: Snapshot<TData>) => snapshot.context.range
