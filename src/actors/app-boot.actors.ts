import { type AnyActorLogic, fromPromise } from 'xstate'
import { type AppBootMachine, storeMachineOf } from '../machines/app-boot.machine'
import { type AuthUserFetched, type StoreName, storeActorId, storeNames } from '../machines/app-boot.types'
import type { TitleInfo } from '../machines/socket.types'
import { toTitleInfo } from '../machines/title-info.machine'
import { readLiveRanking } from './domain-stores'
import type { GameReads } from './game-reads'

/** Loads one store's data. */
export type StoreLoader = (signal: AbortSignal) => Promise<unknown>
export type StoreLoaders = Readonly<Record<StoreName, StoreLoader>>

/**
 * The game API calls behind each store (spec §4 "Start-up", §7): the state feeds the polls, the activity
 * stream and the live ranking; every read shares the state fetching's pause.
 */
export function defaultStoreLoaders(reads: GameReads): StoreLoaders {
  const { read, state } = reads
  return {
    user: () => read('user', { params: { user: 'me' } }),
    titleInfo: async (): Promise<TitleInfo[]> => (await read('universe', {})).map(toTitleInfo),
    activityStream: async () => (await state()).chronic,
    polls: async () => (await state()).polls,
    taggedMessages: async () => (await read('authInfo', {})).taggedMessages,
    liveRanking: () => readLiveRanking(reads),
    liveStream: () => read('untaggedMessages', {}),
  }
}

export interface AppBootDeps {
  /** fetches the signed-in user (forced) through the session */
  readonly fetchAuthUser: () => Promise<AuthUserFetched>
  /** asks the session to fetch the auth user again (forced) */
  readonly refreshAuthUser: () => void
  /** loaders of the default stores */
  readonly loaders: Partial<StoreLoaders>
  /** domain stores put in place of default ones (they take `store.initialize` and `session.changed`) */
  readonly stores?: Partial<Record<StoreName, AnyActorLogic>>
}

/** The production wiring of the boot machine: the session's auth user and the stores' loaders. */
export function provideAppBoot(machine: AppBootMachine, deps: AppBootDeps) {
  const stores = Object.fromEntries(
    storeNames.map((name) => {
      const loader = deps.loaders[name]
      const store =
        deps.stores?.[name] ??
        (loader
          ? storeMachineOf(name).provide({
              actors: { loadStore: fromPromise(({ signal }) => loader(signal)) },
            })
          : storeMachineOf(name))
      return [storeActorId(name), store]
    }),
  )
  return machine.provide({
    actors: { fetchAuthUser: fromPromise(() => deps.fetchAuthUser()), ...(stores as object) },
    actions: { refreshAuthUser: () => deps.refreshAuthUser() },
  })
}
