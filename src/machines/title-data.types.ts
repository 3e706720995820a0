import type { Fundamentals, TimeRange, Title } from '../api/market'

/** What a title-data loader is started with. */
export interface TitleDataInput {
  readonly titleId: number
  /** the chart's time range; loaders without one ignore it */
  readonly range?: TimeRange
}

export interface TitleDataContext<TData> {
  readonly titleId: number
  readonly range?: TimeRange
  /** the last load's answer; cleared when another range is chosen */
  readonly data?: TData
  /** the text to show after a failed load (spec §8, e.g. 'Error loading chart data') */
  readonly failure?: string
}

export type TitleDataEvent =
  /** another chart range: the data is loaded again */
  { readonly type: 'titleData.rangeChosen'; readonly range: TimeRange } | { readonly type: 'titleData.retry' }

/** The About and Fundamentals tabs' data: the universe's entry, the latest tick and the fundamentals. */
export interface TitleOverview {
  /** absent when the universe does not list the title */
  readonly title?: Title
  /** the latest bid, ask and last; absent before the first tick */
  readonly tick?: { readonly a: number; readonly b: number; readonly l: number; readonly t: number }
  readonly fundamentals: Fundamentals
}
