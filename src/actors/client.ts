import { type ActorRefFrom, createActor } from 'xstate'
import { appVersion, createApiClient } from '../api/client'
import type { Group } from '../api/groups'
import type { ActivityMachine } from '../machines/activity.machine'
import type { StoreName } from '../machines/app-boot.types'
import { type AuthorScoresMachine, authorScoresMachine } from '../machines/author-scores.machine'
import type { BetRequest } from '../machines/bet.types'
import type { GroupMemberChoice, GroupRef } from '../machines/groups.types'
import type { LiveRankingMachine } from '../machines/live-ranking.machine'
import type { LiveStreamMachine } from '../machines/live-stream.machine'
import type { PollsMachine } from '../machines/polls.machine'
import type { NewPrediction } from '../machines/predictions.types'
import type { Credentials } from '../machines/session.types'
import type { StoreMachine } from '../machines/store.machine'
import type { TaggedMessagesMachine } from '../machines/tagged-messages.machine'
import type { TitleInfoMachine } from '../machines/title-info.machine'
import { type ClientConfig, clientConfigFrom } from './client-config'
import { type ClientCore, type ClientCoreDeps, startClientCore } from './client-core'
import { createErrorReporter } from './error-reporting'
import { inspectorFor } from './inspector'
import type { Navigator } from './navigation'
import type { KeyValueStorage } from './persistence'
import { type PushBrowser, startPush } from './push.actors'
import { createServerClock } from './server-clock'
import { startServiceWorker } from './service-worker.actors'
import { provideAuthorScores } from './signal.actors'

export interface ClientOptions extends Partial<ClientCoreDeps> {
  readonly navigate: Navigator
  /** the build's settings @default read from `import.meta.env` */
  readonly config?: ClientConfig
  /** the page's query string: `?inspect` attaches the Stately inspector in development @default location.search */
  readonly search?: string
  /** the browser's notifications and push (null: none) @default the page's (`pageBrowser`) */
  readonly pushBrowser?: PushBrowser | null
}

/**
 * The client the views use: the game API, error reporting (Sentry with a DSN), the socket and local
 * storage from the build's config and the browser, every actor started (see `startClientCore`).
 */
export function createClient(options: ClientOptions): Client {
  const config = options.config ?? clientConfigFrom(import.meta.env)
  const serverClock = createServerClock()
  const api = options.api ?? createApiClient({ baseUrl: config.apiUrl, onServerTime: serverClock.observe })
  const search = options.search ?? globalThis.location?.search ?? ''
  return clientFacade(
    startClientCore({
      // game time is the server's: phases, countdowns and evaluation times read its clock
      now: serverClock.now,
      ...options,
      api,
      reporter: options.reporter ?? createErrorReporter({ api, dsn: config.sentryDsn, release: appVersion }),
      socket: options.socket ?? { url: config.apiUrl, fingerprint: config.socketFingerprint },
      // a constant condition: production builds drop the inspector and its lazy import
      inspect: options.inspect ?? (import.meta.env.DEV ? inspectorFor({ dev: true, search }) : undefined),
    }),
    options,
  )
}

/** The boot's stores, typed (system ids `store.<name>`). */
interface Stores {
  readonly user: ActorRefFrom<StoreMachine<unknown>>
  readonly titleInfo: ActorRefFrom<TitleInfoMachine>
  readonly activityStream: ActorRefFrom<ActivityMachine>
  readonly polls: ActorRefFrom<PollsMachine>
  readonly taggedMessages: ActorRefFrom<TaggedMessagesMachine>
  readonly liveRanking: ActorRefFrom<LiveRankingMachine>
  readonly liveStream: ActorRefFrom<LiveStreamMachine>
}

/**
 * What views get: the actors to read with `useSelector` (and the machines' `select*` functions), and
 * intents that send events. Views never see how the actors are wired.
 */
export function clientFacade(
  core: ClientCore,
  browser: { readonly pushBrowser?: PushBrowser | null; readonly storage?: KeyValueStorage } = {},
) {
  const store = <N extends StoreName>(name: N) => core.store(name) as Stores[N]
  const { session } = core
  const game = () => core.game().actors
  const serviceWorker = startServiceWorker({ notify: core.notify })
  const push = startPush({ api: core.api, session, browser: browser.pushBrowser, storage: browser.storage })
  let authorScores: ActorRefFrom<AuthorScoresMachine> | undefined
  return {
    session,
    notifications: core.notifications,
    // the game's actors exist once it is loaded (`hasGame`, `gameThere`; the main layout waits for it)
    get socket() {
      return core.game().socket
    },
    get groups() {
      return game().groups
    },
    get bet() {
      return game().bet
    },
    get predictions() {
      return game().predictions
    },
    get prices() {
      return game().prices
    },
    get countdown() {
      return game().countdown
    },
    get recentChampions() {
      return game().recentChampions
    },
    get performance() {
      return game().performance
    },
    /** the message cards' author badges (`selectAuthorScore`): started when a card first reads it */
    get authorScores() {
      authorScores ??= createActor(
        provideAuthorScores(authorScoresMachine, { api: core.api }),
        core.clock ? { clock: core.clock } : {},
      ).start()
      return authorScores
    },
    /** the installable app's worker: send `serviceWorker.check` / `serviceWorker.apply` (Settings) */
    serviceWorker,
    /** push notifications in this browser: send `push.allow` / `push.retry` (Settings, the dashboard's offer) and `push.notNow` (the offer) */
    push,
    /** a store of the boot by name; like the game's actors, there once `ready` settled */
    store,
    /** settles once the stores and game actors started with what local storage kept */
    ready: core.ready,
    /** whether the game's actors and stores are there to read */
    hasGame: core.hasGame,
    /** settles once they are: what views wait for (see `GameReady`) */
    gameThere: core.gameThere,
    /**
     * What a view-scoped actor is provided with (`provideSignUp(signUpMachine, client.effects)`): the
     * actor lives as long as its screen, its effects still come from here, never from the view.
     */
    effects: { api: core.api, navigate: core.navigate, notify: core.notify },
    /** options of a view-scoped actor (`useActorRef(logic, { ...client.actorOptions, input })`): its clock */
    actorOptions: core.clock ? { clock: core.clock } : {},
    login: (credentials: Credentials) => session.send({ type: 'session.login', ...credentials }),
    logout: () => session.send({ type: 'session.logout' }),
    /** fetches the signed-in user again (forced): entering the sign-in route (spec §2) */
    refreshUser: () => session.send({ type: 'session.refresh', force: true }),
    dismissNotice: (id: number) => core.notifications.send({ type: 'notice.dismiss', id }),
    placeBet: (request: BetRequest) => core.game().placeBet(request),
    tag: (prediction: NewPrediction) => core.game().tag(prediction),
    selectGroup: (group: GroupRef) => game().groups.send({ type: 'group.select', group }),
    leaveGroup: (group: GroupRef) => game().groups.send({ type: 'group.leave', group }),
    joinGroup: (group: GroupRef) => game().groups.send({ type: 'group.join', group }),
    deleteGroup: (group: GroupRef) => game().groups.send({ type: 'group.delete', group }),
    saveGroup: (group: Group) => game().groups.send({ type: 'group.save', group }),
    setGroupMembers: (group: GroupRef, members: readonly GroupMemberChoice[]) =>
      game().groups.send({ type: 'group.setMembers', group, members }),
    /** a part of the page failed to render (its code did not load): told to the error reporter */
    reportRenderError: (error: unknown) => core.reportError('A part of the page could not be shown', error),
    refreshPerformance: () => game().performance.send({ type: 'store.initialize', force: true }),
    stop: () => {
      serviceWorker.stop()
      authorScores?.stop()
      core.stop()
    },
  }
}

export type Client = ReturnType<typeof clientFacade>
