import { createActor } from 'xstate'
import type { ApiClient } from '../api/client'
import { appBootMachine } from '../machines/app-boot.machine'
import { type StoreName, storeSystemId } from '../machines/app-boot.types'
import { notificationsMachine } from '../machines/notifications.machine'
import { sessionMachine } from '../machines/session.machine'
import type { RouteOptions } from '../machines/session.routes'
import { socketMachine } from '../machines/socket.machine'
import { type AppBootDeps, defaultStoreLoaders, provideAppBoot, type StoreLoaders } from './app-boot.actors'
import { type InspectObserver, startGameActors } from './client-game'
import { startGameLinks } from './client-links'
import { type ConnectivitySource, isOnline } from './connectivity.actors'
import { domainStores } from './domain-stores'
import { type ErrorReporter, reportUncaughtErrors } from './error-reporting'
import type { Navigator } from './navigation'
import { notifierFor, provideNotifications } from './notifications.actors'
import type { KeyValueStorage } from './persistence'
import {
  provideSession,
  refreshedCredentials,
  refreshSession,
  type StoredUserData,
  storedUserDataIn,
} from './session.actors'
import { provideSocket, type SocketDeps } from './socket.actors'

export interface ClientCoreDeps {
  readonly api: ApiClient
  readonly navigate: Navigator
  readonly reporter: ErrorReporter
  /** the realtime server and the configured fingerprint (VITE_SOCKET_FINGERPRINT) */
  readonly socket?: SocketDeps['connection']
  /** the window: online and offline events, uncaught errors */
  readonly window?: ConnectivitySource
  /** where votes, polls, performance, the activity stream and tagged messages are kept @default localStorage */
  readonly storage?: KeyValueStorage
  /** what a logout clears @default the votes and tagged messages in `storage` */
  readonly storedUserData?: StoredUserData
  readonly routeOptions?: RouteOptions
  /** loaders in place of the domain stores of their names (a default store then holds what they load) */
  readonly loaders?: Partial<StoreLoaders>
  /** stores in place of the domain stores */
  readonly stores?: AppBootDeps['stores']
  /** start the boot machine (fetch the user, the stores, the 10 s refresh) @default true */
  readonly boot?: boolean
  /** the Stately inspector, given to every root actor */
  readonly inspect?: InspectObserver
  /** the browser's time zone (poll times are local) */
  readonly timeZone?: string
  /** @default Date.now */
  readonly now?: () => number
}

/**
 * The whole client as actors, wired: notifications, session, socket, the boot with the domain stores,
 * groups, the bet and tag flows, prices, the polls' clock and countdown, and the links between them.
 * The session's announcements reach the stores (through the boot machine) and the socket; persisted
 * stores start with what local storage kept (spec §9).
 */
export function startClientCore(deps: ClientCoreDeps) {
  const options = { inspect: deps.inspect }
  const source = deps.window ?? (globalThis as ConnectivitySource)
  const notifications = createActor(provideNotifications(notificationsMachine, source), {
    ...options,
    input: { online: isOnline(source) },
  }).start()
  const notify = notifierFor(notifications)
  const uncaught = createActor(reportUncaughtErrors(deps.reporter, source), options).start()
  const policy = { api: deps.api, navigate: deps.navigate, notify }

  const session = createActor(
    provideSession(sessionMachine, {
      ...policy,
      storedUserData: deps.storedUserData ?? storedUserDataIn(deps.storage),
      routeOptions: deps.routeOptions,
    }),
    { ...options, input: {} },
  ).start()

  const socket = createActor(
    provideSocket(socketMachine, {
      connection: deps.socket ?? {},
      navigate: deps.navigate,
      notify,
      reporter: deps.reporter,
      logout: () => session.send({ type: 'session.logout' }),
      refreshUser: () => refreshedCredentials(session),
    }),
    { ...options, input: {} },
  ).start()

  const domain = domainStores({ ...policy, reporter: deps.reporter, storage: deps.storage, now: deps.now })
  const replaced = Object.keys(deps.loaders ?? {}) as StoreName[]
  const stores = Object.fromEntries(
    Object.entries(domain.stores).filter(([name]) => !replaced.includes(name as StoreName)),
  )
  const boot = createActor(
    provideAppBoot(appBootMachine, {
      fetchAuthUser: async () => ({ loggedIn: (await refreshSession(session)).context.announced.loggedIn }),
      refreshAuthUser: () => session.send({ type: 'session.refresh', force: true }),
      loaders: { ...defaultStoreLoaders(deps.api), ...deps.loaders },
      stores: { ...stores, ...deps.stores },
    }),
    options,
  )

  const announcements = session.on('session.changed', (changed) => {
    boot.send({ type: 'session.changed', loggedIn: changed.loggedIn })
    socket.send(
      changed.loggedIn
        ? { type: 'socket.connect', credentials: changed.websocketCredentials }
        : { type: 'socket.disconnect' },
    )
  })

  const store = (name: StoreName) => boot.system.get(storeSystemId(name))
  // the stored data goes in before anything (the polls' clock) changes and saves the stores
  if (deps.boot ?? true) {
    boot.start()
    domain.restore(store)
  }
  const game = startGameActors({
    ...policy,
    ...options,
    system: boot.system,
    domain,
    timeZone: deps.timeZone,
    now: deps.now,
  })
  domain.restorePerformance(game.performance)
  const links = startGameLinks({
    session,
    socket,
    game,
    store,
    loadGroupLists: () => deps.api.call('groups'),
    reporter: deps.reporter,
  })

  return {
    notifications,
    session,
    socket,
    boot,
    ...game,
    notify,
    /** a store of the boot by name */
    store,
    stop() {
      links.unsubscribe()
      announcements.unsubscribe()
      for (const actor of [...Object.values(game), boot, socket, session, uncaught, notifications])
        actor.stop()
    },
  }
}

export type ClientCore = ReturnType<typeof startClientCore>
