import { type AnyActorRef, fromPromise } from 'xstate'
import type { StoredSchemas } from '../api/client/load-schemas'
import { defaultGroupId } from '../api/groups'
import type { RankingRow } from '../api/rankings'
import { stateRankingRows } from '../api/state'
import { wholeLiveRanking } from '../domain/state-ranking'
import { activityMachine } from '../machines/activity.machine'
import { liveRankingMachine } from '../machines/live-ranking.machine'
import { liveStreamMachine } from '../machines/live-stream.machine'
import type { PerformanceData } from '../machines/performance.machine'
import { performanceMachine } from '../machines/performance.machine'
import { pollsMachine } from '../machines/polls.machine'
import { recentChampionsMachine } from '../machines/recent-champions.machine'
import type { TitleInfo } from '../machines/socket.types'
import { taggedMessagesMachine } from '../machines/tagged-messages.machine'
import { titleInfoMachine, toTitleInfo } from '../machines/title-info.machine'
import { provideActivity } from './activity.actors'
import type { AppBootDeps } from './app-boot.actors'
import type { ErrorReporter } from './error-reporting'
import type { GameCall } from './game-api'
import type { GameReads } from './game-reads'
import { provideLiveStream } from './live-stream.actors'
import type { Notifier } from './notifier'
import {
  activityKeeper,
  performanceKeeper,
  pollsKeeper,
  restoreStore,
  saveStoreWith,
  taggedMessagesKeeper,
} from './persisted-stores'
import { type KeyValueStorage, storagePersistence } from './persistence'
import { providePolls } from './polls.actors'
import { provideTaggedMessages, taggedMessagesStorageKey } from './predictions.actors'
import { provideRecentChampions } from './store.actors'

/** The boot's stores kept in local storage (spec §9 "Local persistence"); performance is the fourth. */
export type PersistedStore = 'polls' | 'activityStream' | 'taggedMessages'

export interface DomainStoresDeps {
  /** the state and the other reads, under the app's one pause */
  readonly reads: GameReads
  readonly notify: Notifier
  readonly reporter: ErrorReporter
  /** where the persisted stores are kept @default the browser's localStorage */
  readonly storage?: KeyValueStorage
  /** @default Date.now */
  readonly now?: () => number
}

/**
 * This week's ranking of the active group: the state's when it is whole, else the whole list
 * (`GET /v1/stockgame/rankings`: the player's own row may be past the state's 20).
 */
export const readLiveRanking = async ({ state, read }: GameReads): Promise<readonly RankingRow[]> =>
  wholeLiveRanking((await state()).rankings, defaultGroupId, stateRankingRows) ??
  read('rankings', { query: { period: 'this_week' } })

/** The player's bets and predictions per title, both performance calls at once. */
export const loadPerformance = (call: GameCall) =>
  fromPromise<PerformanceData>(async () => {
    const [polls, predictions] = await Promise.all([
      call('pollsPerformance', {}),
      call('taggedMessagesPerformance', {}),
    ])
    return { polls, predictions }
  })

/**
 * The game's stores with their effects: those the app boot runs as its children (`stores`), the two
 * the client runs beside them (recent champions, performance), and how the persisted ones are kept
 * (`keepers`, spec §9 "Local persistence").
 */
export function domainStores(deps: DomainStoresDeps) {
  const { reads, reporter } = deps
  const tagged = storagePersistence(taggedMessagesStorageKey, deps.storage)
  const keepers = {
    polls: pollsKeeper(deps.storage),
    activityStream: activityKeeper(deps.storage),
    taggedMessages: taggedMessagesKeeper(tagged, deps.now),
    performance: performanceKeeper(deps.storage),
  }

  const stores = {
    titleInfo: titleInfoMachine.provide({
      actors: {
        loadStore: fromPromise<readonly TitleInfo[]>(async () =>
          (await reads.read('universe', {})).map(toTitleInfo),
        ),
      },
    }),
    liveRanking: liveRankingMachine.provide({
      actors: { loadStore: fromPromise(() => readLiveRanking(reads)) },
    }),
    activityStream: provideActivity(activityMachine, deps).provide({
      actors: { saveStore: saveStoreWith(reporter, keepers.activityStream, 'activityStream') },
    }),
    polls: providePolls(pollsMachine, deps).provide({
      actors: { saveStore: saveStoreWith(reporter, keepers.polls, 'polls') },
    }),
    taggedMessages: provideTaggedMessages(taggedMessagesMachine, { ...deps, persistence: tagged }),
    liveStream: provideLiveStream(liveStreamMachine, deps),
  } satisfies AppBootDeps['stores']

  return {
    stores,
    keepers,
    /** tells the boot's persisted stores what local storage kept for them; an invalid format is reported */
    restore(store: (name: PersistedStore) => AnyActorRef | undefined, schemas: StoredSchemas) {
      restoreStore(store('polls'), keepers.polls, reporter, schemas)
      restoreStore(store('activityStream'), keepers.activityStream, reporter, schemas)
      restoreStore(store('taggedMessages'), keepers.taggedMessages, reporter, schemas)
    },
    restorePerformance: (performance: AnyActorRef, schemas: StoredSchemas) =>
      restoreStore(performance, keepers.performance, reporter, schemas),
    recentChampions: provideRecentChampions(recentChampionsMachine, deps),
    performance: performanceMachine.provide({
      actors: {
        loadStore: loadPerformance(reads.read),
        saveStore: saveStoreWith(reporter, keepers.performance, 'performance'),
      },
    }),
  }
}

export type DomainStores = ReturnType<typeof domainStores>
