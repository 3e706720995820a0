import type { AnyEventObject } from 'xstate'
import type { PredictionLifecycleContext } from '../../src/machines/prediction-lifecycle.machine'
import { predictionLifecycleMachine } from '../../src/machines/prediction-lifecycle.machine'
import { type Output, type PathModel, stateName } from './paths'

const hour = 3_600_000

/** A prediction made here, not judged yet. */
export const predictionInput: PredictionLifecycleContext = { key: '5_1_m1', evaluatedAt: null }

export const predictionLifecycleEvents = {
  /** the server's copy, still running (the tag's answer, a reload before it was judged) */
  stillRunning: { type: 'prediction.changed', key: predictionInput.key, evaluatedAt: null },
  /** a reload 3 h later brings it judged */
  judged: { type: 'prediction.changed', key: predictionInput.key, evaluatedAt: 3 * hour },
} as const

/** Whether the prediction is judged after these events, by the spec: once evaluated, for good. */
export const isJudgedAfter = (events: readonly AnyEventObject[]) =>
  events.some((event) => event.type === 'prediction.changed' && event.evaluatedAt !== null)

const report = (status: 'running' | 'completed'): Output => ({
  action: 'reportStatus',
  key: predictionInput.key,
  status,
})

export const predictionLifecycleModel: PathModel = {
  name: 'prediction lifecycle',
  summary:
    'One prediction (spec §4 "Prediction"), a child of the tagged-message store: running until the server evaluates it, then completed for good; every status entered is reported to the store, which shows it.',
  machine: predictionLifecycleMachine,
  input: predictionInput,
  events: Object.values(predictionLifecycleEvents),
  // a completed prediction ignores every copy: the server never judges twice
  ignoredEvents: ['prediction.changed'],
  expectedOutputs: ({ event, history }): Output[] => {
    if (event.type === 'xstate.init') return [report('running')]
    return !isJudgedAfter(history) && isJudgedAfter([event]) ? [report('completed')] : []
  },
  describeState: (snapshot) => stateName(snapshot),
  describeEvent: (event) =>
    event.type === 'prediction.changed'
      ? event.evaluatedAt === null
        ? 'the server’s copy comes, still running'
        : 'a reload brings it judged'
      : undefined,
}
