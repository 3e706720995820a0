import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { provideLiveFeed } from '../../src/actors/live-feed.actors'
import { countArrivals, frozenAtDrawn, newMessagesText, visibleMessages } from '../../src/domain/live-feed'
import type { IncomingMessage } from '../../src/domain/live-stream'
import {
  announceDelayMs,
  liveFeedMachine,
  selectArrivedWhilePaused,
  selectFeedAnnouncement,
  selectFeedHeld,
  selectFeedPaused,
  selectFrozenIds,
} from '../../src/machines/live-feed.machine'
import { liveStreamMachine } from '../../src/machines/live-stream.machine'
import { serverMessage } from '../support/game-fixtures'

function startFeed() {
  const clock = new SimulatedClock()
  const feed = createActor(
    liveFeedMachine.provide({ actors: { watchStream: fromCallback(() => undefined) } }),
    { clock },
  )
  feed.start()
  const changed = (...ids: string[]) => feed.send({ type: 'feed.changed', ids })
  return { feed, clock, changed, snapshot: () => feed.getSnapshot() }
}

describe('live feed domain helpers', () => {
  it('counts the ids that were not there before', () => {
    expect(countArrivals(['a', 'b'], ['c', 'a', 'b'])).toBe(1)
    expect(countArrivals(['a', 'b'], ['a'])).toBe(0)
    expect(countArrivals([], ['a', 'b'])).toBe(2)
  })

  it('says how many messages are new, en-US', () => {
    expect(newMessagesText(1)).toBe('1 new message')
    expect(newMessagesText(1204)).toBe('1,204 new messages')
  })

  it('shows the newest 100, or while paused the frozen ones still in the stream', () => {
    const stream = Array.from({ length: 150 }, (_, index) => ({ id: `m${index}` }))
    expect(visibleMessages(stream, undefined)).toHaveLength(100)
    expect(visibleMessages(stream.slice(0, 3), undefined)).toEqual(stream.slice(0, 3))
    expect(visibleMessages(stream, ['m5', 'm1', 'gone']).map((m) => m.id)).toEqual(['m1', 'm5'])
  })

  it('freezes the stream from the newest drawn message on, the newer ones waiting', () => {
    expect(frozenAtDrawn(['d', 'c', 'b', 'a'], 'b')).toEqual({ frozenIds: ['b', 'a'], waiting: 2 })
    expect(frozenAtDrawn(['d', 'c', 'b', 'a'], 'd')).toEqual({ frozenIds: ['d', 'c', 'b', 'a'], waiting: 0 })
    // nothing drawn yet, or the drawn one left the stream (tagged): all of it
    expect(frozenAtDrawn(['b', 'a'], undefined)).toEqual({ frozenIds: ['b', 'a'], waiting: 0 })
    expect(frozenAtDrawn(['b', 'a'], 'gone')).toEqual({ frozenIds: ['b', 'a'], waiting: 0 })
  })
})

describe('liveFeedMachine', () => {
  it('takes the first look as the baseline and announces later arrivals once, after 3 seconds', () => {
    const { clock, changed, snapshot } = startFeed()
    changed('a', 'b')
    expect(selectFeedAnnouncement(snapshot())).toBe('')
    changed('c', 'a', 'b')
    changed('d', 'c', 'a', 'b')
    clock.increment(announceDelayMs - 1)
    expect(selectFeedAnnouncement(snapshot())).toBe('')
    clock.increment(1)
    expect(selectFeedAnnouncement(snapshot())).toBe('2 new messages')
    changed('e', 'd', 'c', 'a', 'b')
    clock.increment(announceDelayMs)
    expect(selectFeedAnnouncement(snapshot())).toBe('1 new message')
  })

  it('holds back only what arrives after the pause (earlier arrivals are on screen)', () => {
    const { feed, changed, snapshot } = startFeed()
    changed('a')
    changed('b', 'a')
    feed.send({ type: 'feed.pause' })
    expect(selectArrivedWhilePaused(snapshot())).toBe(0)
    changed('c', 'b', 'a')
    expect(selectArrivedWhilePaused(snapshot())).toBe(1)
  })

  it('does not count messages that left (tagged) as arrivals', () => {
    const { clock, changed, snapshot } = startFeed()
    changed('a', 'b')
    changed('a')
    clock.increment(announceDelayMs)
    expect(selectFeedAnnouncement(snapshot())).toBe('')
  })

  it('freezes the shown ids while paused, counts arrivals silently, and says how many on resume', () => {
    const { feed, clock, changed, snapshot } = startFeed()
    changed('a', 'b')
    feed.send({ type: 'feed.toggle' })
    expect(selectFeedPaused(snapshot())).toBe(true)
    expect(selectFrozenIds(snapshot())).toEqual(['a', 'b'])
    expect(selectFeedAnnouncement(snapshot())).toBe('Stream paused.')
    changed('c', 'a', 'b')
    changed('d', 'c', 'a', 'b')
    clock.increment(announceDelayMs * 2)
    expect(selectFeedAnnouncement(snapshot())).toBe('Stream paused.')
    expect(selectArrivedWhilePaused(snapshot())).toBe(2)
    feed.send({ type: 'feed.resume' })
    expect(selectFeedPaused(snapshot())).toBe(false)
    expect(selectFrozenIds(snapshot())).toBeUndefined()
    expect(selectArrivedWhilePaused(snapshot())).toBe(0)
    expect(selectFeedAnnouncement(snapshot())).toBe('Stream resumed. 2 new messages.')
  })

  it('holds new messages back while the pointer rests on the list or focus is in it, and lets them in after', () => {
    const { feed, changed, snapshot } = startFeed()
    changed('b', 'a')
    feed.send({ type: 'feed.hold', reason: 'pointer' })
    expect(selectFeedHeld(snapshot())).toBe(true)
    expect(selectFrozenIds(snapshot())).toEqual(['b', 'a'])
    changed('c', 'b', 'a')
    feed.send({ type: 'feed.hold', reason: 'focus' })
    changed('d', 'c', 'b', 'a')
    expect(selectFrozenIds(snapshot())).toEqual(['b', 'a'])
    expect(selectArrivedWhilePaused(snapshot())).toBe(2)
    // the pointer left, focus is still in the list: still held
    feed.send({ type: 'feed.release', reason: 'pointer' })
    expect(selectFeedHeld(snapshot())).toBe(true)
    feed.send({ type: 'feed.release', reason: 'focus' })
    expect(selectFeedHeld(snapshot())).toBe(false)
    expect(selectFrozenIds(snapshot())).toBeUndefined()
    expect(selectFeedAnnouncement(snapshot())).toBe('2 new messages')
  })

  it('holds the list as drawn: a batch not drawn yet when the pointer came to rest waits behind the button', () => {
    const { feed, changed, snapshot } = startFeed()
    changed('b', 'a')
    feed.send({ type: 'feed.drawn', newestId: 'b' })
    // two arrive; the list has not drawn them yet when the pointer comes to rest
    changed('d', 'c', 'b', 'a')
    feed.send({ type: 'feed.hold', reason: 'pointer' })
    expect(selectFrozenIds(snapshot())).toEqual(['b', 'a'])
    expect(selectArrivedWhilePaused(snapshot())).toBe(2)
    feed.send({ type: 'feed.showNew' })
    expect(selectFrozenIds(snapshot())).toEqual(['d', 'c', 'b', 'a'])
    expect(selectArrivedWhilePaused(snapshot())).toBe(0)
  })

  it('pauses the list as drawn, counting what was not drawn yet as arrived', () => {
    const { feed, changed, snapshot } = startFeed()
    changed('a')
    feed.send({ type: 'feed.drawn', newestId: 'a' })
    changed('b', 'a')
    feed.send({ type: 'feed.pause' })
    expect(selectFrozenIds(snapshot())).toEqual(['a'])
    feed.send({ type: 'feed.resume' })
    expect(selectFeedAnnouncement(snapshot())).toBe('Stream resumed. 1 new message.')
  })

  it("shows what waits at the button's press and keeps holding what comes next", () => {
    const { feed, changed, snapshot } = startFeed()
    changed('a')
    feed.send({ type: 'feed.hold', reason: 'pointer' })
    changed('b', 'a')
    feed.send({ type: 'feed.showNew' })
    expect(selectFrozenIds(snapshot())).toEqual(['b', 'a'])
    expect(selectArrivedWhilePaused(snapshot())).toBe(0)
    changed('c', 'b', 'a')
    expect(selectFrozenIds(snapshot())).toEqual(['b', 'a'])
    expect(selectArrivedWhilePaused(snapshot())).toBe(1)
  })

  it("keeps the reader's pause over a hold, and holds again on resuming while the pointer rests", () => {
    const { feed, changed, snapshot } = startFeed()
    changed('a')
    feed.send({ type: 'feed.hold', reason: 'pointer' })
    feed.send({ type: 'feed.toggle' })
    expect(selectFeedPaused(snapshot())).toBe(true)
    feed.send({ type: 'feed.release', reason: 'pointer' })
    expect(selectFeedPaused(snapshot())).toBe(true)
    feed.send({ type: 'feed.hold', reason: 'pointer' })
    changed('b', 'a')
    feed.send({ type: 'feed.toggle' })
    expect(selectFeedHeld(snapshot())).toBe(true)
    expect(selectFrozenIds(snapshot())).toEqual(['b', 'a'])
  })

  it('says only that it resumed when nothing arrived', () => {
    const { feed, changed, snapshot } = startFeed()
    changed('a')
    feed.send({ type: 'feed.pause' })
    feed.send({ type: 'feed.toggle' })
    expect(selectFeedAnnouncement(snapshot())).toBe('Stream resumed.')
  })

  it('watches the live stream store: its messages now and after each push', async () => {
    const stream = createActor(
      liveStreamMachine.provide({
        actors: { fetchMessages: fromPromise<readonly IncomingMessage[]>(async () => [serverMessage('m1')]) },
        actions: { notify: () => {}, reportError: () => {} },
      }),
      { input: { loggedIn: true } },
    ).start()
    stream.send({ type: 'titles.changed', titleIds: [1, 2] })
    stream.send({ type: 'prices.changed', titleIds: [1, 2] })
    const feed = createActor(provideLiveFeed(liveFeedMachine, { stream }), { clock: new SimulatedClock() })
    feed.start()
    expect(feed.getSnapshot().context.ids).toEqual([])
    stream.send({ type: 'store.initialize' })
    await waitFor(stream, (snapshot) => snapshot.matches('ready'))
    expect(feed.getSnapshot().context.ids).toEqual(['m1'])
    stream.send({
      type: 'liveStream.pushed',
      message: { ...serverMessage('m2', { t: 1_800_000_000 }), type: 'tweets' },
    })
    expect(feed.getSnapshot().context.ids).toEqual(['m2', 'm1'])
    expect(feed.getSnapshot().context.unannounced).toBe(2)
    feed.stop()
    expect(stream.getSnapshot().context.messages).toHaveLength(2)
    stream.stop()
  })
})
