import type { IncomingMessage } from '../domain/live-stream'
import type { LiveStreamEvent } from '../machines/live-stream.types'
import type { PollCountdownEvent } from '../machines/poll-countdown.machine'
import { selectHasOpenPoll } from '../machines/polls.machine'
import type { PollsData, PollsEvent } from '../machines/polls.types'
import type { TaggedMessagesData } from '../machines/predictions.types'
import type { StoreContext } from '../machines/store.types'
import { selectTaggedMessageIds } from '../machines/tagged-messages.machine'
import type { Sendable } from './game-api'

interface Subscription {
  unsubscribe(): void
}

/** A store actor as the links read it. */
interface StoreLike<TData> {
  getSnapshot(): { readonly context: StoreContext<TData> }
  subscribe(observer: (snapshot: { readonly context: StoreContext<TData> }) => void): Subscription
}

/** The realtime socket's announcements (the socket machine's `realtime.*` emitted events). */
interface RealtimeLike {
  on(
    type: 'realtime.message',
    handler: (event: { message: IncomingMessage & { type?: string } }) => void,
  ): Subscription
  on(type: 'realtime.tick', handler: (event: { tick: { id: number } }) => void): Subscription
  on(
    type: 'realtime.ticks',
    handler: (event: { ticks: Readonly<Record<string, unknown>> }) => void,
  ): Subscription
}

const sameList = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x, i) => x === b[i])

/** Calls `changed` with the derived list now and whenever it differs from the last one. */
function follow<TData, T>(
  store: StoreLike<TData>,
  derive: (context: StoreContext<TData>) => readonly T[],
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

/** Realtime 'message' pushes join the live stream; titles with a tick become priced. */
export function linkRealtime(realtime: RealtimeLike, liveStream: Sendable<LiveStreamEvent>): Subscription {
  const priced = new Set<number>()
  const addPriced = (ids: readonly number[]) => {
    const before = priced.size
    for (const id of ids) priced.add(id)
    if (priced.size !== before) liveStream.send({ type: 'prices.changed', titleIds: [...priced] })
  }
  const subscriptions = [
    realtime.on('realtime.message', ({ message }) => liveStream.send({ type: 'liveStream.pushed', message })),
    realtime.on('realtime.tick', ({ tick }) => addPriced([tick.id])),
    realtime.on('realtime.ticks', ({ ticks }) => addPriced(Object.keys(ticks).map(Number))),
  ]
  return {
    unsubscribe() {
      for (const subscription of subscriptions) subscription.unsubscribe()
    },
  }
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
