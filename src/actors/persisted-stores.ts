import { fromPromise } from 'xstate'
import type { z } from 'zod'
import type { StoredSchemas } from '../api/client/load-schemas'
import { type ActivityElement, type ActivityGroup, groupActivity } from '../domain/activity-grouping'
import type { PerformanceData } from '../machines/performance.machine'
import { initialPollsData } from '../machines/polls.machine'
import type { PollsData } from '../machines/polls.types'
import type { TaggedMessagesData } from '../machines/predictions.types'
import { initialTaggedMessagesData } from '../machines/tagged-messages.machine'
import type { ErrorReporter } from './error-reporting'
import type { Sendable } from './game-api'
import {
  InvalidFormatError,
  type KeyValueStorage,
  type ListPersistence,
  storagePersistence,
  valuePersistence,
} from './persistence'
import { restoreTaggedMessages, saveTaggedMessages } from './predictions.actors'
import { sessionStorageKeys } from './session.actors'

/** Spec §9 "Local persistence": votes, polls (with their results), performance, activity stream. */
export const storageKeys = {
  ...sessionStorageKeys,
  polls: 'alpha.polls',
  activityStream: 'alpha.activityStream',
  performance: 'alpha.performance',
} as const

/** How one store is kept in local storage. */
export interface StoreKeeper<TData> {
  /**
   * the stored data, undefined when nothing is stored; a part of an invalid format is passed to
   * `invalid` and left out, entries that fit no schema are dropped (the schemas are loaded lazily,
   * `loadSchemas`)
   */
  restore(invalid: Invalid, schemas: StoredSchemas): TData | undefined
  save(data: TData): void
}

type Invalid = (error: InvalidFormatError) => void

/** What `read` returns; `fallback` when the stored data has an invalid format (passed to `invalid`). */
function orInvalid<T>(read: () => T, fallback: T, invalid: Invalid): T {
  try {
    return read()
  } catch (error) {
    if (!(error instanceof InvalidFormatError)) throw error
    invalid(error)
    return fallback
  }
}

/** The entries of a stored list that fit the schema; an invalid list is reported and read as empty. */
const entries = <T>(list: ListPersistence, schema: z.ZodType<T>, invalid: Invalid): T[] =>
  orInvalid(
    () =>
      list.load().flatMap((entry) => {
        const parsed = schema.safeParse(entry)
        return parsed.success ? [parsed.data] : []
      }),
    [],
    invalid,
  )

/** The server's polls (their results and the player's votes in them) and the bets not sent yet. */
export function pollsKeeper(storage?: KeyValueStorage): StoreKeeper<PollsData> {
  const polls = storagePersistence(storageKeys.polls, storage)
  const votes = storagePersistence(storageKeys.votes, storage)
  let saved: Pick<PollsData, 'received' | 'localVotes'> | undefined
  return {
    restore(invalid, schemas) {
      const received = entries(polls, schemas.poll, invalid)
      const localVotes = entries(votes, schemas.ownVote, invalid)
      if (received.length === 0 && localVotes.length === 0) return undefined
      return { ...initialPollsData, received, localVotes }
    },
    // the clock moves the store every second: only new polls or bets are written
    save(data) {
      if (saved?.received !== data.received) polls.save(data.received)
      if (saved?.localVotes !== data.localVotes) votes.save(data.localVotes)
      saved = { received: data.received, localVotes: data.localVotes }
    },
  }
}

/** The activity stream's elements; grouped again when read. */
export function activityKeeper(storage?: KeyValueStorage): StoreKeeper<readonly ActivityGroup[]> {
  const elements = storagePersistence(storageKeys.activityStream, storage)
  return {
    restore(invalid, schemas) {
      const stored: ActivityElement[] = entries(elements, schemas.activityElement, invalid)
      return stored.length > 0 ? groupActivity(stored) : undefined
    },
    save: (groups) => elements.save(groups.flatMap((group) => group.elements)),
  }
}

/** A schema for a persistence that only writes (never read by it). */
const unchecked = {
  safeParse: () => {
    throw new Error('not for reading')
  },
} as unknown as z.ZodType<never>

export function performanceKeeper(storage?: KeyValueStorage): StoreKeeper<PerformanceData> {
  const value = (schema: z.ZodType<PerformanceData>) =>
    valuePersistence<PerformanceData>(storageKeys.performance, schema, storage)
  // saving checks nothing: no schema is needed (nor loaded) for it
  const writer = value(unchecked)
  return {
    restore: (invalid, schemas) => orInvalid(() => value(schemas.performance).load(), undefined, invalid),
    save: (data) => (data.polls || data.predictions ? writer.save(data) : writer.clear()),
  }
}

/** The tagged messages of the last 7 days; the reward factor comes with the next load. */
export function taggedMessagesKeeper(
  persistence: ListPersistence,
  now: () => number = Date.now,
): StoreKeeper<TaggedMessagesData> {
  return {
    restore(invalid, schemas) {
      const messages = orInvalid(() => restoreTaggedMessages(persistence, schemas), [], invalid)
      return messages.length > 0 ? { ...initialTaggedMessagesData, messages } : undefined
    },
    save: (data) => saveTaggedMessages(persistence, data.messages, now()),
  }
}

/** The `saveStore` actor of a persisted store; a failure (a full storage) is reported, never thrown. */
export const saveStoreWith = <TData>(reporter: ErrorReporter, keeper: StoreKeeper<TData>, name: string) =>
  fromPromise<void, TData>(async ({ input }) => {
    try {
      keeper.save(input)
    } catch (error) {
      reporter.report({ message: `Could not store ${name}`, error, level: 'warning' })
    }
  })

/**
 * Tells a store what local storage kept for it (spec §9). Stored data of an invalid format is
 * reported, never fatal: the store goes on with the server's.
 */
export function restoreStore<TData>(
  store: Sendable<{ type: 'store.restored'; data: TData }> | undefined,
  keeper: StoreKeeper<TData>,
  reporter: ErrorReporter,
  schemas: StoredSchemas,
) {
  const data = keeper.restore(
    (error) => reporter.report({ message: error.message, error, level: 'warning' }),
    schemas,
  )
  if (data !== undefined) store?.send({ type: 'store.restored', data })
}
