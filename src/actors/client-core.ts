import { type ActorOptions, type AnyActorLogic, createActor } from 'xstate'
import type { ApiClient } from '../api/client'
import { loadSchemas } from '../api/client/load-schemas'
import type { StoreName } from '../machines/app-boot.types'
import { notificationsMachine } from '../machines/notifications.machine'
import { sessionMachine } from '../machines/session.machine'
import type { RouteOptions } from '../machines/session.routes'
import type { AppBootDeps, StoreLoaders } from './app-boot.actors'
import type { InspectObserver } from './client-game'
import type { Game } from './client-game-start'
import { type ConnectivitySource, isOnline } from './connectivity.actors'
import { type ErrorReporter, reportUncaughtErrors } from './error-reporting'
import { type GameModule, loadGame } from './load-game'
import type { Navigator } from './navigation'
import { notifierFor, provideNotifications } from './notifications.actors'
import type { KeyValueStorage } from './persistence'
import { provideSession, type StoredUserData, storedUserDataIn } from './session.actors'
import type { SocketDeps } from './socket.actors'

/** What runs an actor's delays: xstate's own type (it exports the SimulatedClock, not the interface). */
export type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>

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
  /**
   * what runs the machines' delays (refresh, background retries) in every root actor and the views'
   * loaders @default real time; tests pass xstate's SimulatedClock
   */
  readonly clock?: Clock
  /** the browser's time zone (poll times are local) */
  readonly timeZone?: string
  /** @default Date.now */
  readonly now?: () => number
  /** the game module (src/actors/client-game-start.ts) given at once, as tests do @default imported lazily */
  readonly game?: GameModule
}

/**
 * The whole client as actors, wired: notifications and session at once; the socket, the boot with the
 * domain stores, groups, the bet and tag flows, prices, the polls' clock and countdown, and the links
 * between them once the game module is loaded (`ready`, see `createGame`). The session's announcements
 * reach the stores (through the boot machine) and the socket; persisted stores start with what local
 * storage kept (spec §9).
 */
export function startClientCore(deps: ClientCoreDeps) {
  // an undefined clock would replace xstate's own: given only when there is one
  const options = { inspect: deps.inspect, ...(deps.clock && { clock: deps.clock }) }
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

  // The game (the socket, the boot, its stores, the game actors, their links: nothing a guest's sign-in
  // page needs) is imported lazily unless given, and starts once the schemas local storage is read with
  // are here too. What a session change does to it waits until then, after the restore, as when
  // everything started at once.
  let game: Game | undefined
  let started = false
  let stopped = false
  const pending: ((game: Game) => void)[] = []
  const whenStarted = (react: (game: Game) => void) => (game && started ? react(game) : pending.push(react))
  const create = ({ createGame }: GameModule) =>
    createGame({ ...deps, ...options, connection: deps.socket ?? {}, notify, session })
  if (deps.game) game = create(deps.game)

  const announcements = session.on('session.changed', (changed) =>
    whenStarted((game) => game.followSession(changed)),
  )

  const schemas = loadSchemas().then(
    ({ storedSchemas }) => storedSchemas,
    (error: unknown) => {
      // a failed chunk load (a new release deployed): the game goes on without what was stored
      deps.reporter.report({ message: 'Could not load the schemas', error, level: 'error' })
      return undefined
    },
  )
  const ready = Promise.all([deps.game ?? loadGame(), schemas]).then(
    ([module, storedSchemas]) => {
      if (stopped) return
      game ??= create(module)
      game.start(storedSchemas)
      started = true
      for (const react of pending.splice(0)) react(game)
    },
    (error: unknown) => {
      deps.reporter.report({ message: 'Could not load the game', error, level: 'error' })
      throw error
    },
  )
  // the failure is reported above; whoever waits for `ready` (the main layout) still sees it
  ready.catch(() => {})

  // what the views wait for: the game is created at once when given, else once `ready` settled
  const gameThere: Promise<unknown> = deps.game ? Promise.resolve() : ready

  /** the game; views read it under the main layout, which waits for it (`gameThere`) */
  const created = (): Game => {
    if (!game) throw new Error('The game is there once client.ready settled')
    return game
  }

  return {
    notifications,
    session,
    notify,
    /** the game API, for actors that views start for their own lifetime (a form, a chart) */
    api: deps.api,
    /** to the error reporter (Sentry or the game server): what failed outside any actor */
    reportError: (message: string, error: unknown) =>
      deps.reporter.report({ message, error, level: 'error' }),
    navigate: deps.navigate,
    /** what runs the delays of every actor, the views' own too (undefined: real time) */
    clock: deps.clock,
    /** the boot, its stores and the game actors: throws before they are created (`hasGame`) */
    game: created,
    /** whether the game is created (given as `game`, or imported: at the latest when `ready` settled) */
    hasGame: () => game !== undefined,
    /** settles once the game is created: at once when given, else with `ready` */
    gameThere,
    /** a store of the boot by name (undefined before `ready` settled) */
    store: (name: StoreName) => game?.store(name),
    /** settles once the boot and the game actors started with what local storage kept */
    ready,
    stop() {
      stopped = true
      announcements.unsubscribe()
      game?.stop()
      for (const actor of [session, uncaught, notifications]) actor.stop()
    },
  }
}

export type ClientCore = ReturnType<typeof startClientCore>
