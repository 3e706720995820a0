import { type AnyActorRef, createActor } from 'xstate'
import type { ApiClient } from '../api/client'
import { appBootMachine } from '../machines/app-boot.machine'
import { storeSystemId } from '../machines/app-boot.types'
import { notificationsMachine } from '../machines/notifications.machine'
import { sessionMachine } from '../machines/session.machine'
import type { RouteOptions } from '../machines/session.routes'
import { socketMachine } from '../machines/socket.machine'
import type { TitleInfo } from '../machines/socket.types'
import { type AppBootDeps, defaultStoreLoaders, provideAppBoot, type StoreLoaders } from './app-boot.actors'
import { type ConnectivitySource, isOnline } from './connectivity.actors'
import { type ErrorReporter, reportUncaughtErrors } from './error-reporting'
import type { Navigator } from './navigation'
import { notifierFor, provideNotifications } from './notifications.actors'
import { provideSession, refreshedCredentials, refreshSession, type StoredUserData } from './session.actors'
import { provideSocket, type SocketDeps } from './socket.actors'

export interface ClientCoreDeps {
  readonly api: ApiClient
  readonly navigate: Navigator
  readonly reporter: ErrorReporter
  /** the realtime server and the configured fingerprint (VITE_SOCKET_FINGERPRINT) */
  readonly socket?: SocketDeps['connection']
  /** the window: online and offline events, uncaught errors */
  readonly window?: ConnectivitySource
  readonly storedUserData?: StoredUserData
  readonly routeOptions?: RouteOptions
  /** loaders in place of the default ones */
  readonly loaders?: Partial<StoreLoaders>
  /** domain stores in place of the default ones */
  readonly stores?: AppBootDeps['stores']
  /** start the boot machine (fetch the user, the stores, the 10 s refresh) @default true */
  readonly boot?: boolean
}

/**
 * The client core's actors, wired: notifications, session, socket and boot. The session's
 * announcements reach the stores (through the boot machine) and the socket; the title-info store's
 * titles reach the socket, which re-subscribes when it learns new ones.
 */
export function startClientCore(deps: ClientCoreDeps) {
  const source = deps.window ?? (globalThis as ConnectivitySource)
  const notifications = createActor(provideNotifications(notificationsMachine, source), {
    input: { online: isOnline(source) },
  }).start()
  const notify = notifierFor(notifications)
  const uncaught = createActor(reportUncaughtErrors(deps.reporter, source)).start()

  const session = createActor(
    provideSession(sessionMachine, {
      api: deps.api,
      navigate: deps.navigate,
      notify,
      storedUserData: deps.storedUserData,
      routeOptions: deps.routeOptions,
    }),
    { input: {} },
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
    { input: {} },
  ).start()

  const boot = createActor(
    provideAppBoot(appBootMachine, {
      fetchAuthUser: async () => ({ loggedIn: (await refreshSession(session)).context.announced.loggedIn }),
      refreshAuthUser: () => session.send({ type: 'session.refresh', force: true }),
      loaders: { ...defaultStoreLoaders(deps.api), ...deps.loaders },
      stores: deps.stores,
    }),
  )

  const announcements = session.on('session.changed', (changed) => {
    boot.send({ type: 'session.changed', loggedIn: changed.loggedIn })
    socket.send(
      changed.loggedIn
        ? { type: 'socket.connect', credentials: changed.websocketCredentials }
        : { type: 'socket.disconnect' },
    )
  })

  if (deps.boot ?? true) boot.start()
  const titleStore = boot.system.get(storeSystemId('titleInfo')) as AnyActorRef | undefined
  const titles = titleStore?.subscribe((snapshot: { context?: { data?: unknown } }) => {
    const data = snapshot.context?.data
    if (Array.isArray(data) && data.length > 0)
      socket.send({ type: 'titles.added', titles: data as TitleInfo[] })
  })

  return {
    notifications,
    session,
    socket,
    boot,
    notify,
    stop() {
      titles?.unsubscribe()
      announcements.unsubscribe()
      for (const actor of [boot, socket, session, uncaught, notifications]) actor.stop()
    },
  }
}

export type ClientCore = ReturnType<typeof startClientCore>
