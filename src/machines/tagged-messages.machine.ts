import { type SnapshotFrom, sendParent } from 'xstate'
import { endOfTimeMs, predictionCursorOf, predictionCursorText, type TaggedMessage } from '../api/predictions'
import {
  correctness,
  filterPredictions,
  nextEvaluationTime,
  type PredictionFilter,
  predictionKey,
  predictionStatus,
  titleScore,
} from '../domain/prediction'
import {
  type PredictionLifecycleContext,
  type PredictionStatusReport,
  predictionLifecycleMachine,
} from './prediction-lifecycle.machine'
import type { LoadedTaggedMessages, TaggedMessagesData, TaggedMessagesEvent } from './predictions.types'
import { createStoreMachine } from './store.machine'
import { selectStoreStatus } from './store.select'
import type { StoreContext } from './store.types'

export const initialTaggedMessagesData: TaggedMessagesData = { messages: [], rewardFactor: 0, statuses: {} }

const newestFirst = (messages: readonly TaggedMessage[]) =>
  [...messages].sort((a, b) => b.createdAt - a.createdAt)

/** Puts a prediction in, replacing the one of the same key. */
const upsert = (messages: readonly TaggedMessage[], prediction: TaggedMessage) => {
  const key = predictionKey(prediction)
  return newestFirst([prediction, ...messages.filter((known) => predictionKey(known) !== key)])
}

/** The statuses reported of the predictions still held. */
function keptStatuses(data: TaggedMessagesData): TaggedMessagesData {
  const keys = new Set(data.messages.map(predictionKey))
  const statuses = Object.fromEntries(Object.entries(data.statuses).filter(([key]) => keys.has(key)))
  return { ...data, statuses }
}

/** The id of a prediction's lifecycle among the store's children (the inspector lists it as such). */
export const predictionActorId = (prediction: { userId: number; titleId: number; messageId: string }) =>
  `prediction.${predictionKey(prediction)}`

/** The lifecycle of one prediction as the store runs it: each status it enters is the store's to show. */
export const reportingPredictionLifecycle = predictionLifecycleMachine.provide({
  actions: {
    reportStatus: sendParent((_, report: PredictionStatusReport) => ({
      type: 'predictions.statusReached',
      key: report.key,
      status: report.status,
    })),
  },
})

/**
 * Spec §3 "Tagged message", §4 "Prediction": the player's predictions and reward factor, kept in local
 * storage too (the provided `saveStore` keeps 7 days of them). `loadStore` resolves with the server's
 * and the stored ones merged. Each prediction runs its lifecycle (a child actor `prediction.<key>`,
 * running until the server judged it, then completed), whose status the store shows.
 */
export const taggedMessagesMachine = createStoreMachine<
  TaggedMessagesData,
  LoadedTaggedMessages,
  TaggedMessagesEvent
>({
  id: 'taggedMessages',
  initialData: initialTaggedMessagesData,
  toData: (loaded, data) =>
    keptStatuses({ ...loaded, messages: newestFirst(loaded.messages), statuses: data.statuses }),
  persist: true,
  // the statuses are the running lifecycles' word, not the stored data's
  restore: (data, restored) => keptStatuses({ ...restored, statuses: data.statuses }),
  // the children's reports change what is shown, not what is stored
  unsaved: ['predictions.statusReached'],
  children: {
    logic: reportingPredictionLifecycle,
    of: (data) =>
      new Map(
        data.messages.map((message) => {
          const input: PredictionLifecycleContext = {
            key: predictionKey(message),
            evaluatedAt: message.evaluatedAt ?? null,
          }
          return [predictionActorId(message), { input, key: JSON.stringify(input) }]
        }),
      ),
    changed: (input) => ({ type: 'prediction.changed', ...(input as PredictionLifecycleContext) }),
  },
  updates: {
    'predictions.added': (data, { prediction }) => {
      const known = data.messages.some((message) => predictionKey(message) === predictionKey(prediction))
      return known ? data : { ...data, messages: upsert(data.messages, prediction) }
    },
    'predictions.stored': (data, { prediction }) => ({
      ...data,
      messages: upsert(data.messages, prediction),
    }),
    'predictions.removed': (data, { key }) =>
      keptStatuses({ ...data, messages: data.messages.filter((message) => predictionKey(message) !== key) }),
    'predictions.statusReached': (data, { key, status }) =>
      data.statuses[key] === status || !data.messages.some((message) => predictionKey(message) === key)
        ? data
        : { ...data, statuses: { ...data.statuses, [key]: status } },
    'predictions.rewardFactorChanged': (data, { rewardFactor }) => ({ ...data, rewardFactor }),
  },
})

export type TaggedMessagesMachine = typeof taggedMessagesMachine

type Context = StoreContext<TaggedMessagesData>

/** Spec §4: a prediction's status, as its lifecycle last said (the rule's word until it has). */
export const selectPredictionStatus = (
  context: Context,
  prediction: TaggedMessage,
): ReturnType<typeof predictionStatus> =>
  context.data.statuses[predictionKey(prediction)] ?? predictionStatus(prediction)

/** Spec §4: the predictions of a status (all, completed, running). */
export const selectPredictions = (context: Context, filter: PredictionFilter = 'all') =>
  filter === 'all'
    ? filterPredictions(context.data.messages, filter)
    : context.data.messages.filter((message) => selectPredictionStatus(context, message) === filter)

/**
 * Where Your Predictions' older pages start: before the oldest prediction the store holds (it keeps a
 * week), or before the end of time when it holds none.
 */
export const selectOlderPredictionsCursor = (context: Context): string => {
  const oldest = context.data.messages.at(-1)
  return oldest ? predictionCursorText(predictionCursorOf(oldest)) : predictionCursorText(endOfTimeMs)
}

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
