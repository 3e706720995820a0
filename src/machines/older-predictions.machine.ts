import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { PredictionHistory, TaggedMessage } from '../api/predictions'
import { listLoadTexts } from './list-load-texts'

export interface OlderPredictionsInput {
  /** the first page's cursor: the start of the week the predictions store keeps (epoch ms, as text) */
  readonly before: string
}

export interface OlderPredictionsContext {
  /** the pages shown so far, newest first */
  readonly predictions: readonly TaggedMessage[]
  /** the cursor of the next page; null once the last page came */
  readonly next: string | null
  /** the spec's fetch-error text while the last ask failed */
  readonly failure?: string
}

export type OlderPredictionsEvent =
  /** the player asks for (more) older predictions, or to try a failed page again */
  { readonly type: 'older.more' }

/**
 * Your Predictions' older pages, beyond the week the predictions store keeps: none until the player asks,
 * then a page per ask (`GET /v1/stockgame/tagged-messages/history`), until the server says none follow. A
 * failed page keeps the pages shown, says so, and is asked again on the player's retry.
 */
export const olderPredictionsMachine = setup({
  types: {} as {
    context: OlderPredictionsContext
    input: OlderPredictionsInput
    events: OlderPredictionsEvent
  },
  actors: {
    fetchPage: fromPromise<PredictionHistory, { readonly before: string }>(() => {
      throw new Error('fetchPage is provided by src/actors')
    }),
  },
}).createMachine({
  id: 'olderPredictions',
  context: ({ input }) => ({ predictions: [], next: input.before }),
  initial: 'idle',
  states: {
    idle: { on: { 'older.more': 'fetching' } },
    fetching: {
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ before: context.next ?? '' }),
        onDone: {
          target: 'answered',
          actions: assign({
            predictions: ({ context, event }) => [...context.predictions, ...event.output.predictions],
            next: ({ event }) => event.output.next,
            failure: undefined,
          }),
        },
        onError: { target: 'idle', actions: assign({ failure: listLoadTexts.predictions }) },
      },
    },
    // the last page came when the server names no next one
    answered: {
      always: [{ guard: ({ context }) => context.next === null, target: 'complete' }, { target: 'idle' }],
    },
    complete: { type: 'final' },
  },
})

export type OlderPredictionsMachine = typeof olderPredictionsMachine
type Snapshot = SnapshotFrom<OlderPredictionsMachine>

export const selectOlderPredictions = (snapshot: Snapshot) => snapshot.context.predictions
export const selectOlderFetching = (snapshot: Snapshot) => snapshot.matches('fetching')
export const selectOlderFailure = (snapshot: Snapshot) => snapshot.context.failure
/** whether the player may ask for another page: before the first, and while more follow */
export const selectMoreOlder = (snapshot: Snapshot) => snapshot.matches('idle')
/** whether the player asked at all (the first page's answer, even an empty one, is then shown) */
export const selectOlderAsked = (snapshot: Snapshot) =>
  snapshot.context.predictions.length > 0 ||
  !snapshot.matches('idle') ||
  snapshot.context.failure !== undefined
