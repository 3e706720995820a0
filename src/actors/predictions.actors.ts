import { fromPromise } from 'xstate'
import { loadSchemas, type StoredSchemas } from '../api/client/load-schemas'
import type { TaggedMessage, TagResponse } from '../api/predictions'
import { predictionKey, recentPredictions } from '../domain/prediction'
import { gameNotices } from '../machines/game-notices'
import type { PredictionsMachine } from '../machines/predictions.machine'
import type {
  LoadedTaggedMessages,
  NewPrediction,
  TaggedMessagesData,
  TaggedMessagesEvent,
} from '../machines/predictions.types'
import type { TaggedMessagesMachine } from '../machines/tagged-messages.machine'
import type { ErrorReporter } from './error-reporting'
import { type GameCall, gameCallFor, goToSignIn, type Sendable } from './game-api'
import type { GameReads } from './game-reads'
import type { Navigator } from './navigation'
import type { Notifier } from './notifier'
import { InvalidFormatError, type ListPersistence, storagePersistence } from './persistence'
import type { ServerErrorPolicyDeps } from './server-error.actors'
import { sessionStorageKeys } from './session.actors'

/** Where the tagged messages are kept: the key a logout clears. */
export const taggedMessagesStorageKey = sessionStorageKeys.taggedMessages

/** The player's tagged messages in the browser's localStorage. */
export const localTaggedMessages = (storage?: Storage) =>
  storagePersistence(taggedMessagesStorageKey, storage ?? globalThis.localStorage)

/**
 * The stored tagged messages. Throws `InvalidFormatError` unless the stored data is a list (spec §5);
 * entries that are no tagged message are left out.
 */
export function restoreTaggedMessages(
  persistence: ListPersistence,
  schemas: Pick<StoredSchemas, 'taggedMessage'>,
): TaggedMessage[] {
  return persistence.load().flatMap((entry) => {
    const parsed = schemas.taggedMessage.safeParse(entry)
    return parsed.success ? [parsed.data] : []
  })
}

/** Stores the tagged messages of the last 7 days (by createdAt); older ones are dropped (spec §5). */
export function saveTaggedMessages(
  persistence: ListPersistence,
  messages: readonly TaggedMessage[],
  now: number,
) {
  persistence.save(recentPredictions(messages, now))
}

/** The server's predictions and the stored ones, one per key (the server's copy wins), of the last 7 days. */
export function mergeTaggedMessages(
  server: readonly TaggedMessage[],
  stored: readonly TaggedMessage[],
  now: number,
): TaggedMessage[] {
  const byKey = new Map(stored.map((message) => [predictionKey(message), message]))
  for (const message of server) byKey.set(predictionKey(message), message)
  return recentPredictions([...byKey.values()], now)
}

export interface TaggedMessagesDeps {
  readonly reads: GameReads
  readonly persistence: ListPersistence
  readonly reporter: ErrorReporter
  /** @default Date.now */
  readonly now?: () => number
}

/**
 * Loads the tagged messages: the server's (the auth user's, 7 days) and the stored ones. Stored data
 * of an invalid format is reported and replaced by the next save, so it never blocks the server's.
 */
export const loadTaggedMessages = (call: GameCall, deps: Omit<TaggedMessagesDeps, 'reads'>) =>
  fromPromise<LoadedTaggedMessages>(async () => {
    const user = await call('authInfo', {})
    const { storedSchemas } = await loadSchemas()
    let stored: TaggedMessage[] = []
    try {
      stored = restoreTaggedMessages(deps.persistence, storedSchemas)
    } catch (error) {
      if (!(error instanceof InvalidFormatError)) throw error
      deps.reporter.report({ message: error.message, error, level: 'warning' })
    }
    const now = (deps.now ?? Date.now)()
    return {
      messages: mergeTaggedMessages(user.taggedMessages, stored, now),
      rewardFactor: user.rewardFactor,
    }
  })

/** The persistence actor of the tagged-message store: keeps 7 days of them; a failure (a full storage) is reported. */
export const saveTaggedMessagesActor = (
  persistence: ListPersistence,
  reporter: ErrorReporter,
  now: () => number = Date.now,
) =>
  fromPromise<void, TaggedMessagesData>(async ({ input }) => {
    try {
      saveTaggedMessages(persistence, input.messages, now())
    } catch (error) {
      reporter.report({ message: `Could not store ${persistence.key}`, error, level: 'warning' })
    }
  })

/** The production wiring of the tagged-message store. */
export function provideTaggedMessages(machine: TaggedMessagesMachine, deps: TaggedMessagesDeps) {
  return machine.provide({
    actors: {
      loadStore: loadTaggedMessages(deps.reads.read, deps),
      saveStore: saveTaggedMessagesActor(deps.persistence, deps.reporter, deps.now),
    },
  })
}

/** Sends a prediction (`POST .../tagged-messages/{messageId}/tag`, one Idempotency-Key for all attempts). */
export const postPrediction = (call: GameCall) =>
  fromPromise<TagResponse, NewPrediction>(({ input }) =>
    call('tag', {
      params: { messageId: input.messageId },
      body: { userId: input.userId, titleId: input.titleId, messageId: input.messageId, trend: input.trend },
    }),
  )

export interface PredictionsDeps extends ServerErrorPolicyDeps {
  readonly navigate: Navigator
  readonly notify: Notifier
  /** the tagged-message store */
  readonly taggedMessages: Sendable<TaggedMessagesEvent>
  /** @default Date.now */
  readonly now?: () => number
  /** a title's name and currency, as the title-info store knows them @default none known */
  readonly titleOf?: (titleId: number) => { readonly name?: string; readonly currency: string }
}

/** The production wiring of the tag flow. */
export function providePredictions(machine: PredictionsMachine, deps: PredictionsDeps) {
  const now = deps.now ?? Date.now
  const store = deps.taggedMessages
  return machine.provide({
    actors: { postPrediction: postPrediction(gameCallFor(deps)) },
    actions: {
      addPrediction: (_, prediction) =>
        store.send({ type: 'predictions.added', prediction: { ...prediction, createdAt: now() } }),
      storePrediction: (_, prediction) => store.send({ type: 'predictions.stored', prediction }),
      removePrediction: (_, prediction) =>
        store.send({ type: 'predictions.removed', key: predictionKey(prediction) }),
      updateRewardFactor: (_, rewardFactor) =>
        store.send({ type: 'predictions.rewardFactorChanged', rewardFactor }),
      notify: (_, notice) => deps.notify.show(notice),
      announceRecorded: (_, prediction) => {
        const title = deps.titleOf?.(prediction.titleId)
        deps.notify.show(
          gameNotices.predictionRecorded({
            ...prediction,
            titleName: title?.name,
            currency: title?.currency ?? 'USD',
          }),
        )
      },
      navigateToSignIn: () => goToSignIn(deps.navigate),
    },
  })
}
