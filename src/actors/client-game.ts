import { type AnyActorRef, createActor, type InspectionEvent, type Observer } from 'xstate'
import { betMachine } from '../machines/bet.machine'
import { groupsMachine } from '../machines/groups.machine'
import { pollCountdownMachine } from '../machines/poll-countdown.machine'
import type { PollsEvent } from '../machines/polls.types'
import { predictionsMachine } from '../machines/predictions.machine'
import type { TaggedMessagesEvent } from '../machines/predictions.types'
import { pricesMachine } from '../machines/prices.machine'
import type { TitleInfo } from '../machines/socket.types'
import type { StoreContext } from '../machines/store.types'
import { selectTitleCurrency, selectTitleName } from '../machines/title-info.machine'
import type { Clock } from './client-core'
import { browserTimeZone, providePollCountdown, tickClock } from './clock.actors'
import type { DomainStores } from './domain-stores'
import type { Sendable } from './game-api'
import type { GameReads } from './game-reads'
import { provideGroups, storesIn } from './groups.actors'
import { provideBet } from './polls.actors'
import { providePredictions } from './predictions.actors'
import type { ServerErrorPolicyDeps } from './server-error.actors'

/** The Stately inspector's observer (development, `?inspect`). */
export type InspectObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void)

export interface GameActorsDeps extends ServerErrorPolicyDeps {
  /** the app boot's actor system: the stores are found there by system id */
  readonly system: { get(systemId: string): AnyActorRef | undefined }
  readonly domain: DomainStores
  /** the state and the other reads, under the app's one pause */
  readonly reads: GameReads
  readonly inspect?: InspectObserver
  /** what runs the machines' delays @default real time */
  readonly clock?: Clock
  /** @default the browser's */
  readonly timeZone?: string
  /** @default Date.now */
  readonly now?: () => number
  /** reads the player's balance again after a bet (the session's auth user) */
  readonly refreshBalance?: () => void
}

/** A store of the boot, looked up when an event is sent (absent while the boot has not started). */
const storeRef = <E>(system: GameActorsDeps['system'], name: string): Sendable<E> => ({
  send: (event) => system.get(`store.${name}`)?.send(event),
})

/** A title's name and currency from the title-info store, read when asked. */
const titleOf = (system: GameActorsDeps['system']) => (titleId: number) => {
  const context = system.get('store.titleInfo')?.getSnapshot().context as
    | StoreContext<readonly TitleInfo[]>
    | undefined
  if (!context) return { currency: 'USD' }
  return { name: selectTitleName(context, titleId), currency: selectTitleCurrency(context, titleId) }
}

/**
 * The game's actors beside the boot's stores: the bet and tag flows, groups, the latest prices, the
 * clock of the polls, the upcoming-poll countdown, and the stores the boot does not run (recent
 * champions, performance).
 */
export function startGameActors(deps: GameActorsDeps) {
  const actors = createGameActors(deps)
  for (const actor of Object.values(actors)) actor.start()
  return actors
}

/** The game's actors of `startGameActors`, not started yet: events sent to them wait in their mailboxes. */
export function createGameActors(deps: GameActorsDeps) {
  const now = deps.now ?? Date.now
  // an undefined clock would replace xstate's own: given only when there is one
  const options = { inspect: deps.inspect, ...(deps.clock && { clock: deps.clock }) }
  const polls = storeRef<PollsEvent>(deps.system, 'polls')
  const taggedMessages = storeRef<TaggedMessagesEvent>(deps.system, 'taggedMessages')
  const policy: ServerErrorPolicyDeps = { api: deps.api, navigate: deps.navigate, notify: deps.notify }

  const actors = {
    prices: createActor(pricesMachine, options),
    groups: createActor(
      provideGroups(groupsMachine, { ...policy, reads: deps.reads, store: storesIn(deps.system) }),
      options,
    ),
    bet: createActor(
      provideBet(betMachine, { ...policy, polls, now, refreshBalance: deps.refreshBalance }),
      options,
    ),
    predictions: createActor(
      providePredictions(predictionsMachine, {
        ...policy,
        taggedMessages,
        now,
        titleOf: titleOf(deps.system),
      }),
      options,
    ),
    countdown: createActor(providePollCountdown(pollCountdownMachine, now), {
      ...options,
      input: { now: now(), timeZone: deps.timeZone ?? browserTimeZone() },
    }),
    clock: createActor(tickClock, { ...options, input: { targets: [polls], now } }),
    recentChampions: createActor(deps.domain.recentChampions, { ...options, input: { loggedIn: false } }),
    performance: createActor(deps.domain.performance, { ...options, input: { loggedIn: false } }),
  }
  return actors
}

export type GameActors = ReturnType<typeof createGameActors>
