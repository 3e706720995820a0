import { assign, fromCallback, not, type SnapshotFrom, setup } from 'xstate'
import { countArrivals, frozenAtDrawn, newMessagesText } from '../domain/live-feed'
import type { LiveFeedContext, LiveFeedEvent } from './live-feed.types'

/** Arrivals are counted this long before they are announced: one sentence, not one per message. */
export const announceDelayMs = 3000

export const liveFeedTexts = {
  paused: 'Stream paused.',
  resumed: 'Stream resumed.',
} as const

/**
 * The live stream screen's reading of the stream (spec §2 /livestream): a polite announcement of how
 * many messages arrived, gathered for 3 seconds so a screen reader is never flooded at 50 messages a
 * second, and a pause that freezes the shown messages until the reader resumes (then says how many
 * came meanwhile). Lives as long as the screen; `watchStream` reports the store's changes.
 */
export const liveFeedMachine = setup({
  types: {} as { context: LiveFeedContext; events: LiveFeedEvent },
  actors: {
    watchStream: fromCallback<LiveFeedEvent>(() => {
      throw new Error('watchStream is provided by src/actors')
    }),
  },
  delays: { announceDelay: announceDelayMs },
  guards: {
    hasUnannounced: ({ context }) => context.unannounced > 0,
    isHeld: ({ context }) => context.holds.length > 0,
  },
  actions: {
    track: assign(({ context, event }) => {
      if (event.type !== 'feed.changed') return {}
      if (context.ids === undefined) return { ids: event.ids }
      return { ids: event.ids, unannounced: context.unannounced + countArrivals(context.ids, event.ids) }
    }),
    noteDrawn: assign({
      newestDrawnId: ({ context, event }) =>
        event.type === 'feed.drawn' ? event.newestId : context.newestDrawnId,
    }),
    // what is drawn stays on screen; what arrived but is not drawn yet waits with later arrivals
    freezeDrawn: assign(({ context }) => {
      const { frozenIds, waiting } = frozenAtDrawn(context.ids ?? [], context.newestDrawnId)
      return { frozenIds, unannounced: waiting }
    }),
    announcePaused: assign({ announcement: liveFeedTexts.paused }),
    unfreeze: assign({ frozenIds: undefined }),
    addHold: assign({
      holds: ({ context, event }) =>
        event.type === 'feed.hold' && !context.holds.includes(event.reason)
          ? [...context.holds, event.reason]
          : context.holds,
    }),
    removeHold: assign({
      holds: ({ context, event }) =>
        event.type === 'feed.release'
          ? context.holds.filter((reason) => reason !== event.reason)
          : context.holds,
    }),
    // what is in the store is shown at the reader's request; what comes next waits
    showWaiting: assign({ frozenIds: ({ context }) => context.ids ?? [], unannounced: 0 }),
    announceArrivals: assign({
      announcement: ({ context }) => newMessagesText(context.unannounced),
      unannounced: 0,
    }),
    announceResumed: assign({
      announcement: ({ context }) =>
        context.unannounced > 0
          ? `${liveFeedTexts.resumed} ${newMessagesText(context.unannounced)}.`
          : liveFeedTexts.resumed,
      unannounced: 0,
    }),
  },
}).createMachine({
  id: 'liveFeed',
  context: { unannounced: 0, announcement: '', holds: [] },
  invoke: { id: 'watchStream', src: 'watchStream' },
  on: {
    'feed.changed': { actions: 'track' },
    'feed.drawn': { actions: 'noteDrawn' },
    'feed.hold': { actions: 'addHold' },
    'feed.release': { actions: 'removeHold' },
  },
  initial: 'live',
  states: {
    live: {
      always: { guard: 'isHeld', target: 'held' },
      on: { 'feed.pause': 'paused', 'feed.toggle': 'paused' },
      initial: 'quiet',
      states: {
        quiet: {
          always: { guard: 'hasUnannounced', target: 'gathering' },
        },
        gathering: {
          after: { announceDelay: { target: 'quiet', actions: 'announceArrivals' } },
        },
      },
    },
    held: {
      entry: 'freezeDrawn',
      exit: 'unfreeze',
      always: { guard: not('isHeld'), target: 'live', actions: 'announceArrivals' },
      on: {
        'feed.showNew': { actions: 'showWaiting' },
        'feed.pause': 'paused',
        'feed.toggle': 'paused',
      },
    },
    paused: {
      entry: ['freezeDrawn', 'announcePaused'],
      exit: 'unfreeze',
      on: {
        'feed.resume': { target: 'live', actions: 'announceResumed' },
        'feed.toggle': { target: 'live', actions: 'announceResumed' },
      },
    },
  },
})

export type LiveFeedMachine = typeof liveFeedMachine
type Snapshot = SnapshotFrom<LiveFeedMachine>

export const selectFeedPaused = (snapshot: Snapshot) => snapshot.matches('paused')
/** Held by the pointer or focus: new messages wait behind the 'N new messages' button. */
export const selectFeedHeld = (snapshot: Snapshot) => snapshot.matches('held')
/** The ids to keep showing while paused; undefined while live. */
export const selectFrozenIds = (snapshot: Snapshot) => snapshot.context.frozenIds
export const selectFeedAnnouncement = (snapshot: Snapshot) => snapshot.context.announcement
/** Messages that arrived while paused or held (0 while live: those are announced). */
export const selectArrivedWhilePaused = (snapshot: Snapshot) =>
  snapshot.matches('paused') || snapshot.matches('held') ? snapshot.context.unannounced : 0
