import { type AnyActorLogic, fromPromise } from 'xstate'
import type { ApiClient } from '../api/client'
import { type AppBootMachine, storeMachineOf } from '../machines/app-boot.machine'
import { type AuthUserFetched, type StoreName, storeActorId, storeNames } from '../machines/app-boot.types'
import type { TitleInfo } from '../machines/socket.types'
import { toTitleInfo } from '../machines/title-info.machine'

/** Loads one store's data. */
export type StoreLoader = (signal: AbortSignal) => Promise<unknown>
export type StoreLoaders = Readonly<Record<StoreName, StoreLoader>>

/**
 * The game API calls behind each store (spec §4 "Start-up", §7). The spec does not show the paths of
 * the activity stream, polls and rankings loaders; these are ours.
 */
export function defaultStoreLoaders(api: ApiClient): StoreLoaders {
  return {
    user: (signal) => api.call('user', { params: { user: 'me' }, signal }),
    titleInfo: async (signal): Promise<TitleInfo[]> =>
      (await api.call('universe', { signal })).map(toTitleInfo),
    activityStream: async (signal) => (await api.call('state', { signal })).chronic,
    polls: (signal) => api.call('polls', { signal }),
    taggedMessages: async (signal) => (await api.call('authInfo', { signal })).taggedMessages,
    liveRanking: (signal) => api.call('rankings', { query: { period: 'this_week' }, signal }),
    liveStream: (signal) => api.call('untaggedMessages', { signal }),
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
