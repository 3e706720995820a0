import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { RankingRow } from '../api/rankings'
import { type LoadStatus, loadStatusOf, oneMoreFailure, retryDelayMs } from './load-retry'
import type { RankingContext, RankingEvent, RankingRequest } from './ranking.types'

const sameRequest = (a: RankingRequest | undefined, b: RankingRequest) =>
  a?.period === b.period && a?.groupId === b.groupId

/**
 * The rankings page's loader of one period's ranking of a group (spec §2 /rankings, §3 Ranking): one
 * list at a time; asking for another one cancels the load under way. A failed load tries again on its
 * own after a growing delay, or at once on `ranking.retry`.
 */
export const rankingMachine = setup({
  types: {} as { context: RankingContext; events: RankingEvent },
  actors: {
    fetchRanking: fromPromise<readonly RankingRow[], RankingRequest>(async () => {
      throw new Error('fetchRanking is provided by src/actors')
    }),
  },
  delays: { retryDelay: ({ context }) => retryDelayMs(context.failures) },
  guards: {
    isShown: ({ context, event }) => event.type === 'ranking.show' && sameRequest(context.request, event),
  },
  actions: {
    storeRequest: assign(({ context, event }) => {
      if (event.type !== 'ranking.show') return {}
      const { type: _, ...request } = event
      const same = sameRequest(context.request, request)
      return { request, rows: same ? context.rows : [], failures: same ? context.failures : 0 }
    }),
  },
}).createMachine({
  id: 'ranking',
  context: { rows: [], failures: 0 },
  initial: 'idle',
  on: {
    'ranking.show': [{ guard: 'isShown' }, { target: '.loading', reenter: true, actions: 'storeRequest' }],
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'fetchRanking',
        src: 'fetchRanking',
        input: ({ context }) => context.request as RankingRequest,
        onDone: { target: 'loaded', actions: assign({ rows: ({ event }) => event.output, failures: 0 }) },
        onError: {
          target: 'failed',
          actions: assign({ failures: ({ context }) => oneMoreFailure(context.failures) }),
        },
      },
    },
    loaded: {},
    failed: {
      after: { retryDelay: 'loading' },
      on: { 'ranking.retry': 'loading' },
    },
  },
})

export type RankingMachine = typeof rankingMachine
type Snapshot = SnapshotFrom<RankingMachine>

export const selectRankingRows = (snapshot: Snapshot) => snapshot.context.rows
export const selectRankingFailed = (snapshot: Snapshot) => snapshot.matches('failed')
/** How the ranking shows (skeleton, failure, empty text, rows, rows with a refresh notice). */
export const selectRankingLoadStatus = (snapshot: Snapshot): LoadStatus =>
  loadStatusOf(
    { failures: snapshot.context.failures, settled: snapshot.matches('loaded') },
    snapshot.context.rows.length > 0,
  )
