import type { SnapshotFrom } from 'xstate'
import type { TaggedMessage } from '../api/predictions'
import {
  correctness,
  filterPredictions,
  nextEvaluationTime,
  type PredictionFilter,
  predictionKey,
  titleScore,
} from '../domain/prediction'
import type { TaggedMessagesData, TaggedMessagesEvent } from './predictions.types'
import { createStoreMachine } from './store.machine'
import { selectStoreStatus } from './store.select'
import type { StoreContext } from './store.types'

export const initialTaggedMessagesData: TaggedMessagesData = { messages: [], rewardFactor: 0 }

const newestFirst = (messages: readonly TaggedMessage[]) =>
  [...messages].sort((a, b) => b.createdAt - a.createdAt)

/** Puts a prediction in, replacing the one of the same key. */
const upsert = (messages: readonly TaggedMessage[], prediction: TaggedMessage) => {
  const key = predictionKey(prediction)
  return newestFirst([prediction, ...messages.filter((known) => predictionKey(known) !== key)])
}

/**
 * Spec §3 "Tagged message", §4 "Prediction": the player's predictions and reward factor, kept in local
 * storage too (the provided `saveStore` keeps 7 days of them). `loadStore` resolves with the server's
 * and the stored ones merged.
 */
export const taggedMessagesMachine = createStoreMachine<
  TaggedMessagesData,
  TaggedMessagesData,
  TaggedMessagesEvent
>({
  id: 'taggedMessages',
  initialData: initialTaggedMessagesData,
  toData: (loaded) => ({ ...loaded, messages: newestFirst(loaded.messages) }),
  persist: true,
  updates: {
    'predictions.added': (data, { prediction }) => {
      const known = data.messages.some((message) => predictionKey(message) === predictionKey(prediction))
      return known ? data : { ...data, messages: upsert(data.messages, prediction) }
    },
    'predictions.stored': (data, { prediction }) => ({
      ...data,
      messages: upsert(data.messages, prediction),
    }),
    'predictions.removed': (data, { key }) => ({
      ...data,
      messages: data.messages.filter((message) => predictionKey(message) !== key),
    }),
    'predictions.rewardFactorChanged': (data, { rewardFactor }) => ({ ...data, rewardFactor }),
  },
})

export type TaggedMessagesMachine = typeof taggedMessagesMachine

type Context = StoreContext<TaggedMessagesData>

/** Spec §4: the predictions of a status (all, completed, running). */
export const selectPredictions = (context: Context, filter: PredictionFilter = 'all') =>
  filterPredictions(context.data.messages, filter)

/** How the predictions show: a failed load with none kept is a failure, not "no predictions". */
export const selectPredictionsLoadStatus = (snapshot: SnapshotFrom<TaggedMessagesMachine>) =>
  selectStoreStatus(snapshot, snapshot.context.data.messages.length > 0)

/** Spec §4: the earliest createdAt among running predictions plus 3 hours; undefined when none runs. */
export const selectNextEvaluationTime = (context: Context) => nextEvaluationTime(context.data.messages)

/** What the player's next prediction earns if correct (the tag answer's reward factor). */
export const selectRewardFactor = (context: Context) => context.data.rewardFactor

/** Whether the player predicted on the message (for this title, or any). */
export const selectHasTagged = (context: Context, messageId: string, titleId?: number) =>
  context.data.messages.some(
    (message) => message.messageId === messageId && (titleId === undefined || message.titleId === titleId),
  )

/** The ids of the tagged messages: the live stream leaves them out. */
export const selectTaggedMessageIds = (context: Context) => [
  ...new Set(context.data.messages.map((message) => message.messageId)),
]

/** Spec §4 "Correctness": against the evaluation price, else the title's latest tick. */
export const selectIsCorrect = (prediction: TaggedMessage, latestPrices: ReadonlyMap<number, number>) =>
  correctness(prediction, latestPrices.get(prediction.titleId))

/** Spec §4: each title's score, the sum of rewardFactor over its correct predictions. */
export function selectTitleScores(
  context: Context,
  latestPrices: ReadonlyMap<number, number>,
): Map<number, number> {
  const byTitle = new Map<number, TaggedMessage[]>()
  for (const message of context.data.messages) {
    byTitle.set(message.titleId, [...(byTitle.get(message.titleId) ?? []), message])
  }
  return new Map(
    [...byTitle].map(([titleId, messages]) => [titleId, titleScore(messages, latestPrices.get(titleId))]),
  )
}
