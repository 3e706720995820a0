import { type ActorRefFrom, createActor } from 'xstate'
import type { StoredSchemas } from '../api/client/load-schemas'
import { appBootMachine } from '../machines/app-boot.machine'
import { type StoreName, storeSystemId } from '../machines/app-boot.types'
import type { BetRequest, PlacedBet } from '../machines/bet.types'
import { selectTagRefusalText } from '../machines/fair-play.select'
import { type PollsMachine, selectHasBet } from '../machines/polls.machine'
import { selectPollsNow } from '../machines/polls-view.select'
import type { NewPrediction } from '../machines/predictions.types'
import type { SessionMachine } from '../machines/session.machine'
import type { Announced } from '../machines/session.types'
import { socketMachine } from '../machines/socket.machine'
import { stateFetchMachine } from '../machines/state-fetch.machine'
import { selectHasTagged, type TaggedMessagesMachine } from '../machines/tagged-messages.machine'
import type { TitleInfoMachine } from '../machines/title-info.machine'
import { defaultStoreLoaders, provideAppBoot } from './app-boot.actors'
import { betOutcome } from './bet-outcome'
import type { ClientCoreDeps } from './client-core'
import { createGameActors } from './client-game'
import { followChange, startGameLinks } from './client-links'
import { domainStores } from './domain-stores'
import { gameReadsFor } from './game-reads'
import type { Notifier } from './notifier'
import { lookUpSession, refreshedCredentials } from './session.actors'
import { provideSocket, type SocketDeps } from './socket.actors'
import { provideStateFetch } from './state-fetch.actors'
import { linkStateToGroups } from './state-links'

/** What the core hands the game: its own deps (the same names), the session and the notifier it made. */
export interface GameStartDeps
  extends Pick<
    ClientCoreDeps,
    | 'api'
    | 'navigate'
    | 'reporter'
    | 'storage'
    | 'loaders'
    | 'stores'
    | 'boot'
    | 'inspect'
    | 'clock'
    | 'timeZone'
    | 'now'
  > {
  readonly notify: Notifier
  readonly session: ActorRefFrom<SessionMachine>
  /** the realtime server and the configured fingerprint */
  readonly connection: SocketDeps['connection']
}

/**
 * The game's half of the client (src/actors/client-core.ts imports it lazily, so the entry holds no
 * game machine): the socket, the boot with the domain stores, the game actors and the links between
 * them, created at once (views and `system.get` find them, events sent to them wait in their
 * mailboxes) and started by `start` with what local storage kept.
 */
export function createGame(deps: GameStartDeps) {
  // an undefined clock would replace xstate's own: given only when there is one
  const options = { inspect: deps.inspect, ...(deps.clock && { clock: deps.clock }) }
  const policy = { api: deps.api, navigate: deps.navigate, notify: deps.notify }
  const { session } = deps
  // a guest never connects: the socket is a player's, made with the game
  const socket = createActor(
    provideSocket(socketMachine, {
      connection: deps.connection,
      navigate: deps.navigate,
      notify: deps.notify,
      reporter: deps.reporter,
      logout: () => session.send({ type: 'session.logout' }),
      refreshUser: () => refreshedCredentials(session),
    }),
    { ...options, input: {} },
  )
  // state fetching (spec §4): the state feeds the stores it carries; every read shares its one pause
  const stateFetch = createActor(provideStateFetch(stateFetchMachine, policy), {
    ...options,
    systemId: 'stateFetch',
  })
  const reads = gameReadsFor(deps.api, stateFetch)
  const domain = domainStores({
    reads,
    notify: deps.notify,
    reporter: deps.reporter,
    storage: deps.storage,
    now: deps.now,
  })
  const replaced = Object.keys(deps.loaders ?? {}) as StoreName[]
  const stores = Object.fromEntries(
    Object.entries(domain.stores).filter(([name]) => !replaced.includes(name as StoreName)),
  )
  const boot = createActor(
    provideAppBoot(appBootMachine, {
      fetchAuthUser: async () => ({ loggedIn: (await lookUpSession(session)).context.announced.loggedIn }),
      refreshAuthUser: () => session.send({ type: 'session.refresh', force: true }),
      loaders: { ...defaultStoreLoaders(reads), ...deps.loaders },
      stores: { ...stores, ...deps.stores },
    }),
    options,
  )
  const store = (name: StoreName) => boot.system.get(storeSystemId(name))
  const game = createGameActors({
    ...policy,
    ...options,
    system: boot.system,
    domain,
    reads,
    timeZone: deps.timeZone,
    now: deps.now,
    refreshBalance: () => session.send({ type: 'session.refresh', force: true }),
  })
  const linkDeps = {
    session,
    socket,
    game,
    store,
    notify: deps.notify,
    followsSession: false,
  }

  let links: { unsubscribe(): void } | undefined

  return {
    socket,
    boot,
    actors: game,
    /** a store of the boot by name */
    store,
    /**
     * Starts the boot, the game actors and the links, with what local storage kept (`schemas`
     * undefined: nothing restored). The stored data goes in before anything (the polls' clock, a session
     * change) changes and saves the stores.
     */
    start(schemas: StoredSchemas | undefined) {
      // before the stores: their first loads ask it for the state
      stateFetch.start()
      if (deps.boot ?? true) {
        boot.start()
        if (schemas) domain.restore(store, schemas)
      }
      for (const actor of Object.values(game)) actor.start()
      socket.start()
      if (schemas) domain.restorePerformance(game.performance, schemas)
      const gameLinks = startGameLinks(linkDeps)
      const stateLink = linkStateToGroups(stateFetch, game.groups)
      links = {
        unsubscribe() {
          gameLinks.unsubscribe()
          stateLink.unsubscribe()
        },
      }
    },
    /**
     * places a bet and settles with its end (the server's answer, or the refusal). Whether the player
     * has bet on the poll is the bet flow's guard, told by the polls store (`selectHasBet`) unless the
     * request says.
     */
    placeBet(request: BetRequest): Promise<PlacedBet> {
      const polls = store('polls') as ActorRefFrom<PollsMachine> | undefined
      const outcome = betOutcome(game.bet, request.pollId, () =>
        game.bet.send({
          type: 'bet.place',
          ...request,
          alreadyPlaced:
            request.alreadyPlaced ??
            (polls ? selectHasBet(polls.getSnapshot().context, request.pollId) : false),
        }),
      )
      // the flow's notices tell the player how the bet ended: a caller that does not wait for the
      // outcome (a test, a shortcut) must not leave an unhandled rejection behind
      outcome.catch(() => {})
      return outcome
    },
    /**
     * tags a message; `alreadyTagged` is whether the tagged messages store holds the tag, `refusal` why
     * the fair-play rules refuse it with what the stores know (a keyboard shortcut reaches here too)
     */
    tag(prediction: NewPrediction) {
      const tagged = (
        store('taggedMessages') as ActorRefFrom<TaggedMessagesMachine> | undefined
      )?.getSnapshot()
      const titles = (store('titleInfo') as ActorRefFrom<TitleInfoMachine> | undefined)?.getSnapshot()
      const polls = (store('polls') as ActorRefFrom<PollsMachine> | undefined)?.getSnapshot()
      const gameNow = polls ? selectPollsNow(polls.context) : 0
      const refusal =
        tagged && titles
          ? selectTagRefusalText(
              tagged.context.data.messages,
              titles.context.data,
              prediction.titleId,
              prediction.trend,
              gameNow > 0 ? gameNow : Date.now(),
            )
          : undefined
      game.predictions.send({
        type: 'prediction.tag',
        prediction,
        alreadyTagged: tagged
          ? selectHasTagged(tagged.context, prediction.messageId, prediction.titleId)
          : false,
        ...(refusal === undefined ? {} : { refusal }),
      })
    },
    /** what a session change does to the boot, the socket and the game stores (the core hears of it first) */
    followSession(changed: Announced) {
      // a state kept from before is another player's
      reads.forgetState()
      boot.send({ type: 'session.changed', loggedIn: changed.loggedIn })
      socket.send(
        changed.loggedIn
          ? { type: 'socket.connect', credentials: changed.websocketCredentials }
          : { type: 'socket.disconnect' },
      )
      followChange(linkDeps, changed.loggedIn)
    },
    stop() {
      links?.unsubscribe()
      for (const actor of [...Object.values(game), boot, socket, stateFetch]) actor.stop()
    },
  }
}

export type Game = ReturnType<typeof createGame>
