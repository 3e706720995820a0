import type { ActorRefFrom, AnyActorRef } from 'xstate'
import { isLoggedInUser } from '../api/guest-user'
import type { StoreName } from '../machines/app-boot.types'
import type { SessionMachine } from '../machines/session.machine'
import type { SocketMachine } from '../machines/socket.machine'
import { selectTitleName } from '../machines/title-info.machine'
import type { GameActors } from './client-game'
import {
  afterTitlesLoad,
  linkAnnouncementToCountdown,
  linkPollsToCountdown,
  linkPredictionsToPerformance,
  linkPrices,
  linkRealtime,
  linkResults,
  linkTaggedMessages,
  linkTitles,
  linkTitlesToSocket,
} from './game-links'
import type { Notifier } from './notifier'

interface Subscription {
  unsubscribe(): void
}

export interface GameLinksDeps {
  readonly session: ActorRefFrom<SessionMachine>
  readonly socket: ActorRefFrom<SocketMachine>
  readonly game: GameActors
  /** a store of the app boot by name; undefined while the boot has not started it */
  readonly store: (name: StoreName) => AnyActorRef | undefined
  /** runs what a session change does once the game actors started (at once by default) */
  readonly whenStarted?: (react: () => void) => void
  /** tells judged predictions and settled bets (`linkResults`); none without it */
  readonly notify?: Notifier
  /** whether the links follow the session (`followSession`) @default true */
  readonly followsSession?: boolean
}

/**
 * Spec §4: how the actors hear of each other. Known titles reach the polls, the live stream and the
 * socket (which re-subscribes); tagged messages leave the live stream; realtime pushes join it, ticks
 * set the latest prices (which decide the live stream's titles and the predictions' correctness); the
 * polls tell the countdown whether one is open, and the activity stream when the next one starts; a
 * sign-in loads the group lists and the two stores the boot does not run, a sign-out resets them.
 */
export function startGameLinks(deps: GameLinksDeps): Subscription {
  const { game } = deps
  const [titleInfo, polls, taggedMessages, liveStream, activityStream] = (
    ['titleInfo', 'polls', 'taggedMessages', 'liveStream', 'activityStream'] as const
  ).map((name) => deps.store(name))
  const links: Subscription[] = [
    linkRealtime(deps.socket, { liveStream: sendTo(liveStream), prices: game.prices, groups: game.groups }),
  ]
  if (deps.followsSession ?? true) links.push(followSession(deps))
  if (liveStream) links.push(linkPrices(game.prices, liveStream))
  if (titleInfo) {
    links.push(
      linkTitles(
        titleInfo,
        [polls, liveStream].filter((store) => store !== undefined),
      ),
    )
    links.push(linkTitlesToSocket(titleInfo, deps.socket))
  }
  if (taggedMessages && liveStream) links.push(linkTaggedMessages(taggedMessages, liveStream))
  if (taggedMessages) links.push(linkPredictionsToPerformance(taggedMessages, game.performance))
  if (polls) links.push(linkPollsToCountdown(polls, game.countdown))
  if (activityStream) links.push(linkAnnouncementToCountdown(activityStream, game.countdown))
  if (deps.notify) {
    const titleName = (titleId: number) =>
      titleInfo ? selectTitleName(titleInfo.getSnapshot().context, titleId) : undefined
    const whenTitlesKnown = titleInfo ? afterTitlesLoad(titleInfo) : undefined
    links.push(linkResults({ taggedMessages, polls }, { notify: deps.notify, titleName, whenTitlesKnown }))
  }
  return {
    unsubscribe() {
      for (const link of links) link.unsubscribe()
    },
  }
}

const sendTo = (actor: AnyActorRef | undefined) => ({ send: (event: never) => actor?.send(event) })

/** A sign-in loads the group lists and the two stores the boot does not run, a sign-out resets them. */
export function followSession(deps: GameLinksDeps): Subscription {
  const whenStarted = deps.whenStarted ?? ((react: () => void) => react())
  return deps.session.on('session.changed', ({ loggedIn }) => whenStarted(() => followChange(deps, loggedIn)))
}

/** What `followSession` does on one session change (the client core calls it once the game started). */
export function followChange(deps: Omit<GameLinksDeps, 'store'>, loggedIn: boolean) {
  const { session, game } = deps
  for (const store of [game.recentChampions, game.performance]) {
    store.send({ type: 'session.changed', loggedIn })
    if (loggedIn) store.send({ type: 'store.initialize' })
  }
  if (!loggedIn) return
  // the groups machine loads the lists (and retries a failed load) with the session's active group
  const { user } = session.getSnapshot().context
  game.groups.send({
    type: 'groups.load',
    activeGroupId: isLoggedInUser(user) ? user.activeGroupId : undefined,
  })
}
