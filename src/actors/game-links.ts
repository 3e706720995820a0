import type { ActorRefFrom } from 'xstate'
import type { ActivityGroup } from '../domain/activity-grouping'
import { newlyJudged, newlySettled } from '../domain/results'
import { selectAnnouncedPoll } from '../machines/activity.machine'
import type { GroupsEvent } from '../machines/groups.types'
import type { LiveStreamEvent } from '../machines/live-stream.types'
import { type PerformanceData, selectPredictionPerformance } from '../machines/performance.machine'
import type { PollCountdownEvent } from '../machines/poll-countdown.machine'
import { selectHasOpenPoll } from '../machines/polls.machine'
import type { PollsData, PollsEvent } from '../machines/polls.types'
import type { TaggedMessagesData } from '../machines/predictions.types'
import { type PricesContext, type PricesEvent, selectPricedTitleIds } from '../machines/prices.machine'
import { betResultNotice, predictionResultsNotice, type TitleName } from '../machines/result-notices'
import type { SocketMachine } from '../machines/socket.machine'
import type { SocketEvent, TitleInfo } from '../machines/socket.types'
import type { StoreContext, StoreEvent } from '../machines/store.types'
import { selectTaggedMessageIds } from '../machines/tagged-messages.machine'
import type { Sendable } from './game-api'
import type { Notifier } from './notifier'

interface Subscription {
  unsubscribe(): void
}

/** An actor as the links read it: its context, now and on every change. */
interface Followed<TContext> {
  getSnapshot(): { readonly context: TContext }
  subscribe(observer: (snapshot: { readonly context: TContext }) => void): Subscription
}

/** A store actor as the links read it. */
type StoreLike<TData> = Followed<StoreContext<TData>>

/** The realtime socket's announcements (the socket machine's `realtime.*` emitted events). */
type RealtimeLike = Pick<ActorRefFrom<SocketMachine>, 'on'>

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x, i) => x === b[i])

/** Calls `changed` with the derived list now and whenever it differs from the last one. */
function follow<TContext, T>(
  store: Followed<TContext>,
  derive: (context: TContext) => readonly T[],
  changed: (list: readonly T[]) => void,
) {
  let last = derive(store.getSnapshot().context)
  changed(last)
  return store.subscribe(({ context }) => {
    const next = derive(context)
    if (sameList(next, last)) return
    last = next
    changed(next)
  })
}

/** The known-title list (the title-info store) reaches the polls store and the live stream, in order. */
export function linkTitles(
  titleInfo: StoreLike<unknown>,
  targets: readonly Sendable<Extract<PollsEvent | LiveStreamEvent, { type: 'titles.changed' }>>[],
): Subscription {
  const idsOf = ({ data }: StoreContext<unknown>) =>
    Array.isArray(data) ? data.map((title: { id: number }) => title.id) : []
  return follow(titleInfo, idsOf, (titleIds) => {
    for (const target of targets) target.send({ type: 'titles.changed', titleIds })
  })
}

/** The tagged messages leave the live stream. */
export function linkTaggedMessages(
  taggedMessages: StoreLike<TaggedMessagesData>,
  liveStream: Sendable<LiveStreamEvent>,
): Subscription {
  return follow(taggedMessages, selectTaggedMessageIds, (messageIds) =>
    liveStream.send({ type: 'predictions.changed', messageIds }),
  )
}

/**
 * A new or newly evaluated prediction refreshes the per-title overview, once the player has loaded it
 * (it is two calls, not worth making for players who never open it): its counts change with both.
 */
export function linkPredictionsToPerformance(
  taggedMessages: StoreLike<TaggedMessagesData>,
  performance: StoreLike<PerformanceData> & Sendable<StoreEvent>,
): Subscription {
  const states = ({ data }: StoreContext<TaggedMessagesData>) =>
    data.messages.map(({ messageId, titleId, evaluatedAt }) => `${messageId}/${titleId}/${evaluatedAt ?? ''}`)
  let first = true
  return follow(taggedMessages, states, () => {
    if (first) {
      first = false
      return
    }
    if (selectPredictionPerformance(performance.getSnapshot().context) !== null)
      performance.send({ type: 'store.initialize', force: true })
  })
}

/**
 * Realtime 'message' pushes join the live stream; ticks and subscribe answers set the latest prices;
 * 'groups changed' has the groups actor read its lists again.
 */
export function linkRealtime(
  realtime: RealtimeLike,
  targets: {
    readonly liveStream: Sendable<LiveStreamEvent>
    readonly prices: Sendable<PricesEvent>
    readonly groups: Sendable<Extract<GroupsEvent, { type: 'groups.changed' }>>
  },
): Subscription {
  const subscriptions = [
    realtime.on('realtime.groupsChanged', () => targets.groups.send({ type: 'groups.changed' })),
    realtime.on('realtime.message', ({ message }) =>
      targets.liveStream.send({ type: 'liveStream.pushed', message }),
    ),
    realtime.on('realtime.ticked', ({ ticks }) =>
      targets.prices.send({
        type: 'prices.ticked',
        ticks: ticks.map((tick) => ({ id: tick.id, l: tick.l, t: tick.t, pc: tick.pc })),
      }),
    ),
    realtime.on('realtime.ticks', ({ ticks }) =>
      targets.prices.send({
        type: 'prices.ticked',
        ticks: Object.entries(ticks).map(([id, tick]) => ({
          id: Number(id),
          l: tick.l,
          t: tick.tl,
          pc: tick.pc,
        })),
      }),
    ),
  ]
  return {
    unsubscribe() {
      for (const subscription of subscriptions) subscription.unsubscribe()
    },
  }
}

/** The titles with a tick price reach the live stream: messages of other titles are skipped. */
export function linkPrices(prices: Followed<PricesContext>, liveStream: Sendable<LiveStreamEvent>) {
  return follow(prices, selectPricedTitleIds, (titleIds) =>
    liveStream.send({ type: 'prices.changed', titleIds }),
  )
}

/** Known titles reach the socket, which re-subscribes when it learns new ones (spec §4 "Realtime socket"). */
export function linkTitlesToSocket(
  titleInfo: StoreLike<readonly TitleInfo[]>,
  socket: Sendable<Extract<SocketEvent, { type: 'titles.added' }>>,
) {
  return follow(
    titleInfo,
    ({ data }) => data.map((title) => title.id),
    (ids) => {
      if (ids.length > 0) socket.send({ type: 'titles.added', titles: titleInfo.getSnapshot().context.data })
    },
  )
}

/** The upcoming-poll countdown hears from the polls store whether a poll is open (spec §4). */
export function linkPollsToCountdown(polls: StoreLike<PollsData>, countdown: Sendable<PollCountdownEvent>) {
  return follow(
    polls,
    (context) => [selectHasOpenPoll(context)],
    ([hasOpenPoll]) =>
      countdown.send({
        type: 'polls.openChanged',
        hasOpenPoll: hasOpenPoll === true,
        now: polls.getSnapshot().context.data.now || Date.now(),
      }),
  )
}

/**
 * The server's announcement of the next poll (the activity stream's first element) reaches the countdown,
 * so it counts down to the server's start in the server's zone, wherever the player is.
 */
export function linkAnnouncementToCountdown(
  activity: StoreLike<readonly ActivityGroup[]>,
  countdown: Sendable<PollCountdownEvent>,
) {
  return follow(
    activity,
    (context) => {
      const announced = selectAnnouncedPoll(context)
      return announced ? [announced.startTime, announced.timeZone] : []
    },
    ([startTime, timeZone]) => {
      if (typeof startTime === 'number')
        countdown.send({
          type: 'polls.announced',
          startTime,
          ...(typeof timeZone === 'string' ? { timeZone } : {}),
        })
    },
  )
}

/**
 * Runs a reaction now if the titles are loaded, else once they are: the universe loads beside the
 * stores the device kept, and what those tell first must name the titles.
 */
export function afterTitlesLoad(titleInfo: StoreLike<readonly TitleInfo[]>): (react: () => void) => void {
  return (react) => {
    if (titleInfo.getSnapshot().context.data.length > 0) return react()
    const waiting = titleInfo.subscribe(({ context }) => {
      if (context.data.length === 0) return
      waiting.unsubscribe()
      react()
    })
  }
}

/** What the results link tells: the notifier, and the titles' names for its words. */
export interface ResultsLinkDeps {
  readonly notify: Notifier
  readonly titleName: TitleName
  /**
   * Runs `tell` once the titles' names are known (at once by default): on a fresh visit the kept
   * predictions load before the universe, and a notice said 'Title #3053' instead of its name.
   */
  readonly whenTitlesKnown?: (tell: () => void) => void
}

/**
 * Results are news (issue: a prediction judged or a poll settled changed only the balance): every
 * change of the predictions or the polls is set against the last, and what was judged or settled
 * meanwhile is told. The first comparison is with what the device kept from the last visit, so what
 * happened while the player was away is told once the stores load.
 */
export function linkResults(
  stores: { readonly taggedMessages?: StoreLike<TaggedMessagesData>; readonly polls?: StoreLike<PollsData> },
  deps: ResultsLinkDeps,
): Subscription {
  const subscriptions: Subscription[] = []
  const { taggedMessages, polls } = stores
  const whenTitlesKnown = deps.whenTitlesKnown ?? ((tell: () => void) => tell())
  if (taggedMessages) {
    let last = taggedMessages.getSnapshot().context.data.messages
    subscriptions.push(
      taggedMessages.subscribe(({ context }) => {
        const next = context.data.messages
        if (next === last) return
        const judged = newlyJudged(last, next)
        last = next
        if (judged.length > 0)
          whenTitlesKnown(() => deps.notify.show(predictionResultsNotice(judged, deps.titleName)))
      }),
    )
  }
  if (polls) {
    // the server's polls as received, not the shown ones: those wait for the titles, and a load that
    // came first turned the kept unpaid bet into a settled one unseen (the titles then showed it settled)
    let last = polls.getSnapshot().context.data.received
    subscriptions.push(
      polls.subscribe(({ context }) => {
        const next = context.data.received
        if (next === last) return
        const settled = newlySettled(last, next)
        last = next
        if (settled.length > 0)
          whenTitlesKnown(() => {
            for (const result of settled) deps.notify.show(betResultNotice(result, deps.titleName))
          })
      }),
    )
  }
  return {
    unsubscribe() {
      for (const subscription of subscriptions) subscription.unsubscribe()
    },
  }
}
