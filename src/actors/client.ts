import type { ActorRefFrom } from 'xstate'
import { appVersion, createApiClient } from '../api/client'
import type { Group } from '../api/groups'
import type { ActivityMachine } from '../machines/activity.machine'
import type { StoreName } from '../machines/app-boot.types'
import type { BetRequest } from '../machines/bet.types'
import type { GroupMemberChoice, GroupRef } from '../machines/groups.types'
import type { LiveRankingMachine } from '../machines/live-ranking.machine'
import type { LiveStreamMachine } from '../machines/live-stream.machine'
import { type PollsMachine, selectHasBet } from '../machines/polls.machine'
import type { NewPrediction } from '../machines/predictions.types'
import type { Credentials } from '../machines/session.types'
import type { StoreMachine } from '../machines/store.machine'
import { selectHasTagged, type TaggedMessagesMachine } from '../machines/tagged-messages.machine'
import type { TitleInfoMachine } from '../machines/title-info.machine'
import { type ClientConfig, clientConfigFrom } from './client-config'
import { type ClientCore, type ClientCoreDeps, startClientCore } from './client-core'
import { createErrorReporter } from './error-reporting'
import { inspectorFor } from './inspector'
import type { Navigator } from './navigation'

export interface ClientOptions extends Partial<ClientCoreDeps> {
  readonly navigate: Navigator
  /** the build's settings @default read from `import.meta.env` */
  readonly config?: ClientConfig
  /** the page's query string: `?inspect` attaches the Stately inspector in development @default location.search */
  readonly search?: string
}

/**
 * The client the views use: the game API, error reporting (Sentry with a DSN), the socket and local
 * storage from the build's config and the browser, every actor started (see `startClientCore`).
 */
export function createClient(options: ClientOptions): Client {
  const config = options.config ?? clientConfigFrom(import.meta.env)
  const api = options.api ?? createApiClient({ baseUrl: config.apiUrl })
  const search = options.search ?? globalThis.location?.search ?? ''
  return clientFacade(
    startClientCore({
      ...options,
      api,
      reporter: options.reporter ?? createErrorReporter({ api, dsn: config.sentryDsn, release: appVersion }),
      socket: options.socket ?? { url: config.apiUrl, fingerprint: config.socketFingerprint },
      // a constant condition: production builds drop the inspector and its lazy import
      inspect: options.inspect ?? (import.meta.env.DEV ? inspectorFor({ dev: true, search }) : undefined),
    }),
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
export function clientFacade(core: ClientCore) {
  const store = <N extends StoreName>(name: N) => core.store(name) as Stores[N]
  const { session, groups } = core
  return {
    session,
    notifications: core.notifications,
    socket: core.socket,
    groups,
    bet: core.bet,
    predictions: core.predictions,
    prices: core.prices,
    countdown: core.countdown,
    recentChampions: core.recentChampions,
    performance: core.performance,
    store,
    login: (credentials: Credentials) => session.send({ type: 'session.login', ...credentials }),
    logout: () => session.send({ type: 'session.logout' }),
    dismissNotice: (id: number) => core.notifications.send({ type: 'notice.dismiss', id }),
    placeBet: (request: BetRequest) =>
      core.bet.send({
        type: 'bet.place',
        ...request,
        alreadyPlaced:
          request.alreadyPlaced ?? selectHasBet(store('polls').getSnapshot().context, request.pollId),
      }),
    tag: (prediction: NewPrediction) =>
      core.predictions.send({
        type: 'prediction.tag',
        prediction,
        alreadyTagged: selectHasTagged(
          store('taggedMessages').getSnapshot().context,
          prediction.messageId,
          prediction.titleId,
        ),
      }),
    selectGroup: (group: GroupRef) => groups.send({ type: 'group.select', group }),
    leaveGroup: (group: GroupRef) => groups.send({ type: 'group.leave', group }),
    deleteGroup: (group: GroupRef) => groups.send({ type: 'group.delete', group }),
    saveGroup: (group: Group) => groups.send({ type: 'group.save', group }),
    setGroupMembers: (group: GroupRef, members: readonly GroupMemberChoice[]) =>
      groups.send({ type: 'group.setMembers', group, members }),
    refreshPerformance: () => core.performance.send({ type: 'store.initialize', force: true }),
    stop: () => core.stop(),
  }
}

export type Client = ReturnType<typeof clientFacade>
