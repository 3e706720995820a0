import { fromPromise } from 'xstate'
import { type PredictionHistory, predictionHistoryPageDefault } from '../api/predictions'
import type { OlderPredictionsMachine } from '../machines/older-predictions.machine'
import { gameCallFor } from './game-api'
import type { ServerErrorPolicyDeps } from './server-error.actors'

/** Your Predictions' older pages: `GET /v1/stockgame/tagged-messages/history`, under the server-error policy. */
export function provideOlderPredictions(machine: OlderPredictionsMachine, deps: ServerErrorPolicyDeps) {
  const call = gameCallFor(deps)
  return machine.provide({
    actors: {
      fetchPage: fromPromise<PredictionHistory, { readonly before: string }>(({ input, signal }) =>
        call('predictionHistory', {
          query: { before: input.before, limit: predictionHistoryPageDefault },
          signal,
        }),
      ),
    },
  })
}
