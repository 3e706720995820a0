import { assertEvent, assign, setup } from 'xstate'
import { type PredictionStatus, predictionStatus } from '../domain/prediction'

/** What a prediction's lifecycle knows: its key (userId_titleId_messageId) and when it was judged. */
export interface PredictionLifecycleContext {
  readonly key: string
  /** the server's evaluation time; null while it runs */
  readonly evaluatedAt: number | null
}

export type PredictionLifecycleEvent =
  /** the store's copy changed: the server's answer, or a reload that judged it */
  { readonly type: 'prediction.changed' } & PredictionLifecycleContext

/** What a prediction's lifecycle tells its store on entering a status. */
export interface PredictionStatusReport {
  readonly key: string
  readonly status: PredictionStatus
}

/**
 * Spec §4 "Prediction": one prediction, running until the server evaluates it (3 h after it was made),
 * then completed for good. `predictionStatus` decides where it starts and when it completes; each
 * status entered is reported (`reportStatus`): the store shows it.
 */
export const predictionLifecycleMachine = setup({
  types: {} as {
    context: PredictionLifecycleContext
    events: PredictionLifecycleEvent
    input: PredictionLifecycleContext
  },
  guards: {
    isCompleted: ({ context }) => predictionStatus(context) === 'completed',
  },
  actions: {
    store: assign({
      evaluatedAt: ({ event }) => {
        assertEvent(event, 'prediction.changed')
        return event.evaluatedAt
      },
    }),
    reportStatus: (_, _report: PredictionStatusReport) => {},
  },
}).createMachine({
  id: 'prediction',
  context: ({ input }) => input,
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'isCompleted', target: 'completed' }, { target: 'running' }],
    },
    running: {
      entry: { type: 'reportStatus', params: ({ context }) => ({ key: context.key, status: 'running' }) },
      on: { 'prediction.changed': { actions: 'store' } },
      always: { guard: 'isCompleted', target: 'completed' },
    },
    // the server never judges a prediction twice
    completed: {
      entry: { type: 'reportStatus', params: ({ context }) => ({ key: context.key, status: 'completed' }) },
    },
  },
})

export type PredictionLifecycleMachine = typeof predictionLifecycleMachine
