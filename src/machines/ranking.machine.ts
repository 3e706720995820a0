import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { RankingRow } from '../api/rankings'
import type { RankingContext, RankingEvent, RankingRequest } from './ranking.types'

const sameRequest = (a: RankingRequest | undefined, b: RankingRequest) =>
  a?.period === b.period && a?.groupId === b.groupId

/**
 * The rankings page's loader of one period's ranking of a group (spec §2 /rankings, §3 Ranking): one
 * list at a time; asking for another one cancels the load under way.
 */
export const rankingMachine = setup({
  types: {} as { context: RankingContext; events: RankingEvent },
  actors: {
    fetchRanking: fromPromise<readonly RankingRow[], RankingRequest>(async () => {
      throw new Error('fetchRanking is provided by src/actors')
    }),
  },
  guards: {
    isShown: ({ context, event }) => event.type === 'ranking.show' && sameRequest(context.request, event),
  },
  actions: {
    storeRequest: assign(({ context, event }) => {
      if (event.type !== 'ranking.show') return {}
      const { type: _, ...request } = event
      return { request, rows: sameRequest(context.request, request) ? context.rows : [] }
    }),
  },
}).createMachine({
  id: 'ranking',
  context: { rows: [] },
  initial: 'idle',
  on: {
    'ranking.show': [{ guard: 'isShown' }, { target: '.loading', reenter: true, actions: 'storeRequest' }],
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        src: 'fetchRanking',
        input: ({ context }) => context.request as RankingRequest,
        onDone: { target: 'loaded', actions: assign({ rows: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    loaded: {},
    failed: {
      on: { 'ranking.retry': 'loading' },
    },
  },
})

export type RankingMachine = typeof rankingMachine
type Snapshot = SnapshotFrom<RankingMachine>

export const selectRankingRows = (snapshot: Snapshot) => snapshot.context.rows
export const selectRankingLoading = (snapshot: Snapshot) => snapshot.matches('loading')
export const selectRankingFailed = (snapshot: Snapshot) => snapshot.matches('failed')
