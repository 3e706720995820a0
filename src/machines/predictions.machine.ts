import { assign, fromPromise, setup } from 'xstate'
import { fairPlayCodes } from '../api/fair-play'
import type { TaggedMessage, TagResponse } from '../api/predictions'
import { gameNotices } from './game-notices'
import type { Notice } from './notices'
import type { NewPrediction, PredictionsContext, PredictionsEvent } from './predictions.types'
import { statusOf } from './server-error.types'

const guestId = -1

const isSame = (a: NewPrediction, b: NewPrediction) =>
  a.userId === b.userId && a.titleId === b.titleId && a.messageId === b.messageId

const sending = (context: PredictionsContext) => context.queue[0] as NewPrediction

const refusalCodes: readonly string[] = Object.values(fairPlayCodes)
/** The server's code and text of a failure, when it carries them (`ApiError`). */
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code
const messageOf = (error: unknown) => String((error as { message?: unknown } | null)?.message ?? '')

/**
 * Spec §4 "Tagging and betting", §5, §8: tagging a message. Only a signed-in player tags, once per
 * message; the prediction shows at once, then is sent. The answer replaces it with the server's copy
 * and sets the new reward factor; a failure takes it back and says so. Predictions made while one is
 * sent wait in turn. Fair play (src/domain/fair-play.ts): a tag the rules refuse (`refusal`, worded where
 * it is made) is not made but warned about; one the server refuses for them is taken back with its warning.
 */
export const predictionsMachine = setup({
  types: {} as { context: PredictionsContext; events: PredictionsEvent },
  actors: {
    postPrediction: fromPromise<TagResponse, NewPrediction>(async () => {
      throw new Error('postPrediction is provided by src/actors')
    }),
  },
  guards: {
    isGuest: ({ event }) => event.prediction.userId === guestId,
    isAlreadyTagged: ({ context, event }) =>
      event.alreadyTagged === true || context.queue.some((queued) => isSame(queued, event.prediction)),
    isRefused: ({ event }) => event.refusal !== undefined,
    isFairPlayRefusal: (_, { error }: { readonly error: unknown }) =>
      statusOf(error) === 409 && refusalCodes.includes(String(codeOf(error))),
    isConflict: (_, { error }: { readonly error: unknown }) => statusOf(error) === 409,
    hasPredictionToSend: ({ context }) => context.queue.length > 0,
  },
  actions: {
    enqueue: assign({ queue: ({ context, event }) => [...context.queue, event.prediction] }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    addPrediction: (_, _prediction: NewPrediction) => {},
    storePrediction: (_, _prediction: TaggedMessage) => {},
    /** tells the player what the server recorded (the title's name is the actors' to look up) */
    announceRecorded: (_, _prediction: TaggedMessage) => {},
    removePrediction: (_, _prediction: NewPrediction) => {},
    updateRewardFactor: (_, _rewardFactor: number) => {},
    notify: (_, _notice: Notice) => {},
    navigateToSignIn: () => {},
  },
}).createMachine({
  id: 'predictions',
  context: { queue: [] },
  on: {
    'prediction.tag': [
      { guard: 'isGuest', actions: 'navigateToSignIn' },
      { guard: 'isAlreadyTagged', actions: { type: 'notify', params: gameNotices.alreadyPredicted } },
      {
        guard: 'isRefused',
        actions: { type: 'notify', params: ({ event }) => gameNotices.tagRefused(event.refusal ?? '') },
      },
      { actions: ['enqueue', { type: 'addPrediction', params: ({ event }) => event.prediction }] },
    ],
  },
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasPredictionToSend', target: 'sending' },
    },
    sending: {
      invoke: {
        id: 'postPrediction',
        src: 'postPrediction',
        input: ({ context }) => sending(context),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'storePrediction', params: ({ event }) => event.output.taggedMessage },
            { type: 'announceRecorded', params: ({ event }) => event.output.taggedMessage },
            { type: 'updateRewardFactor', params: ({ event }) => event.output.rewardFactor },
            'dequeue',
          ],
        },
        onError: [
          {
            guard: { type: 'isFairPlayRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: [
              { type: 'notify', params: ({ event }) => gameNotices.tagRefused(messageOf(event.error)) },
              { type: 'removePrediction', params: ({ context }) => sending(context) },
              'dequeue',
            ],
          },
          {
            // the server has this prediction already: the local copy stands until the next refresh
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: [{ type: 'notify', params: gameNotices.alreadyPredicted }, 'dequeue'],
          },
          {
            target: 'idle',
            actions: [
              { type: 'notify', params: gameNotices.predictionFailed },
              { type: 'removePrediction', params: ({ context }) => sending(context) },
              'dequeue',
            ],
          },
        ],
      },
    },
  },
})

export type PredictionsMachine = typeof predictionsMachine

/** Whether a prediction is on its way to the server. */
export const selectIsSendingPrediction = (context: PredictionsContext) => context.queue.length > 0
