import type { RankingRow } from '../api/rankings'
import type { RankingPeriod } from '../domain/ranking-periods'

/** Spec §8 "Fetch errors": shown where the ranking would be. */
export const rankingTexts = { failed: 'Error fetching ranking!' } as const

/** What `fetchRanking` is asked for: a period of a group (the active one when absent). */
export interface RankingRequest {
  readonly period: RankingPeriod
  readonly groupId?: number
}

export interface RankingContext {
  /** the list shown last; undefined until one is asked for */
  readonly request?: RankingRequest
  /** the rows of `request`, kept while the same list reloads */
  readonly rows: readonly RankingRow[]
  /** failed loads in a row of `request` (saturating, see load-retry.ts): the next retry's wait */
  readonly failures: number
}

export type RankingEvent =
  /** shows a period of a group: loads it unless it is the list already shown */
  | ({ readonly type: 'ranking.show' } & RankingRequest)
  /** loads the shown list again (after a failure) */
  | { readonly type: 'ranking.retry' }
