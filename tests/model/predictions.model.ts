import type { AnyEventObject } from 'xstate'
import { ApiError } from '../../src/api/client'
import type { TaggedMessage, TagResponse } from '../../src/api/predictions'
import { predictionsMachine } from '../../src/machines/predictions.machine'
import type { NewPrediction, PredictionsContext } from '../../src/machines/predictions.types'
import { type Output, type PathModel, stateName } from './paths'

const player = 5
const predict = (messageId: string, trend: 'Up' | 'Down', userId = player): NewPrediction => ({
  userId,
  titleId: 1,
  messageId,
  trend,
  atPrice: 187.5,
  rewardFactor: 1,
})

/** The predictions the model tries: two messages, one the store already holds, a guest's. */
export const tagEvents = {
  first: { type: 'prediction.tag', prediction: predict('m1', 'Up') },
  second: { type: 'prediction.tag', prediction: predict('m2', 'Down') },
  alreadyTagged: { type: 'prediction.tag', prediction: predict('m3', 'Up'), alreadyTagged: true },
  guest: { type: 'prediction.tag', prediction: predict('m1', 'Up', -1) },
}

/** The server's answer to a tag: its copy (its price and time) and the player's next reward factor. */
export const answerFor = (prediction: NewPrediction): TagResponse => {
  const stored: TaggedMessage = { ...prediction, atPrice: 187.25, createdAt: 1_000, rewardFactor: 1 }
  return { rewardFactor: 0.95, taggedMessage: stored }
}
export const conflict = new ApiError(
  409,
  'already_predicted',
  'Warning: You have already made a prediction for this message.',
)
export const serverDown = new ApiError(503, 'http_503', 'Oops! Something went wrong')

const alreadyPredicted = {
  notice: { kind: 'warning', message: 'Warning: You have already made a prediction for this message.' },
}
const same = (a: NewPrediction, b: NewPrediction) =>
  a.userId === b.userId && a.titleId === b.titleId && a.messageId === b.messageId

function outcomeOf(event: AnyEventObject, queue: readonly NewPrediction[]) {
  const prediction = event.prediction as NewPrediction
  if (prediction.userId === -1) return 'guest'
  if (event.alreadyTagged || queue.some((queued) => same(queued, prediction))) return 'alreadyTagged'
  return 'accepted'
}

/** The predictions waiting (the first being sent) after these events, by the spec's rules. */
export function queueAfter(events: readonly AnyEventObject[]): NewPrediction[] {
  let queue: NewPrediction[] = []
  for (const event of events) {
    if (event.type === 'prediction.tag' && outcomeOf(event, queue) === 'accepted')
      queue = [...queue, event.prediction]
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.'))
      queue = queue.slice(1)
  }
  return queue
}

export const predictionsModel: PathModel = {
  name: 'prediction',
  summary:
    'Tagging a message (spec §4 "Tagging and betting", §5, §8): signed-in players only, once per message; shown at once, then sent; the answer stores the server\'s copy and the new reward factor; a failure takes it back with a notice, a 409 warns.',
  machine: predictionsMachine,
  events: [
    ...Object.values(tagEvents),
    { type: 'xstate.done.actor.postPrediction', output: answerFor(tagEvents.first.prediction) },
    { type: 'xstate.done.actor.postPrediction', output: answerFor(tagEvents.second.prediction) },
    { type: 'xstate.error.actor.postPrediction', error: conflict },
    { type: 'xstate.error.actor.postPrediction', error: serverDown },
  ],
  // the server answers for the prediction being sent
  filterEvents: (snapshot, event) =>
    event.type !== 'xstate.done.actor.postPrediction' ||
    (event.output as TagResponse).taggedMessage.messageId ===
      (snapshot.context as PredictionsContext).queue[0]?.messageId,
  // spec §4, §5, §8, written out
  expectedOutputs: ({ event, history }): Output[] => {
    const queue = queueAfter(history)
    if (event.type === 'prediction.tag') {
      switch (outcomeOf(event, queue)) {
        case 'guest':
          return [{ navigate: '/account/signin' }]
        case 'alreadyTagged':
          return [alreadyPredicted]
        default: {
          const added = { action: 'adds the prediction to the store', prediction: event.prediction }
          return queue.length === 0 ? [added, { call: 'postPrediction', input: event.prediction }] : [added]
        }
      }
    }
    const [sent, next] = queue
    const sendNext = next ? [{ call: 'postPrediction', input: next }] : []
    if (event.type === 'xstate.done.actor.postPrediction') {
      const answer = event.output as TagResponse
      return [
        { action: 'stores the server copy', prediction: answer.taggedMessage },
        { action: 'sets the reward factor', rewardFactor: answer.rewardFactor },
        ...sendNext,
      ]
    }
    if (event.type === 'xstate.error.actor.postPrediction')
      return event.error === conflict
        ? [alreadyPredicted, ...sendNext]
        : [
            { notice: { kind: 'negative', message: 'Error sending prediction to server' } },
            { action: 'takes the prediction back', prediction: sent },
            ...sendNext,
          ]
    return []
  },
  describeState: (snapshot) => {
    const { queue } = snapshot.context as PredictionsContext
    const messages = queue.map((prediction) => prediction.messageId)
    return messages.length ? `${stateName(snapshot)} (${messages.join(', then ')})` : stateName(snapshot)
  },
  describeEvent: (event) => {
    if (event.type === 'prediction.tag') {
      const prediction = event.prediction as NewPrediction
      if (prediction.userId === -1) return 'a guest tags m1'
      const what = `tags ${prediction.messageId} ${prediction.trend}`
      return event.alreadyTagged ? `the player ${what}, which they tagged before` : `the player ${what}`
    }
    if (event.type === 'xstate.done.actor.postPrediction')
      return `the server stores ${(event.output as TagResponse).taggedMessage.messageId} (reward factor now 0.95)`
    if (event.type === 'xstate.error.actor.postPrediction')
      return event.error === conflict ? 'the server answers 409 (already predicted)' : 'sending fails (503)'
    return undefined
  },
}
