import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  addToLiveStream,
  type IncomingMessage,
  type LiveStreamEnvironment,
  toLiveStream,
  toLiveStreamMessage,
} from '../domain/live-stream'
import { gameNotices } from './game-notices'
import type {
  LiveStreamContext,
  LiveStreamEvent,
  LiveStreamInput,
  MissingTicksReport,
} from './live-stream.types'
import type { Notice } from './notices'

const envOf = ({ titleIds, pricedTitleIds, taggedMessageIds }: LiveStreamContext): LiveStreamEnvironment => ({
  titleIds,
  pricedTitleIds,
  taggedMessageIds,
})

const liveStreamSetup = setup({
  types: {} as { context: LiveStreamContext; events: LiveStreamEvent; input: LiveStreamInput | undefined },
  actors: {
    fetchMessages: fromPromise<readonly IncomingMessage[]>(async () => {
      throw new Error('fetchMessages is provided by src/actors')
    }),
  },
  guards: {
    isLoggedIn: ({ context }) => context.loggedIn,
    isLoggingOut: ({ event }) => event.type === 'session.changed' && !event.loggedIn,
    isForcedAndLoggedIn: ({ context, event }) =>
      context.loggedIn && event.type === 'store.initialize' && event.force === true,
    isTweet: ({ event }) => {
      assertEvent(event, 'liveStream.pushed')
      return event.message.type === 'tweets'
    },
    hasNoPrices: ({ context }) => context.pricedTitleIds.length === 0,
    hasPrices: ({ context }) => context.pricedTitleIds.length > 0,
  },
  actions: {
    trackSession: assign({
      loggedIn: ({ context, event }) =>
        event.type === 'session.changed' ? event.loggedIn : context.loggedIn,
    }),
    clearMessages: assign({ messages: [], fetched: undefined, error: undefined }),
    holdFetched: assign((_, fetched: readonly IncomingMessage[]) => ({ fetched })),
    storeTitles: assign({
      titleIds: ({ context, event }) =>
        event.type === 'titles.changed' ? [...event.titleIds] : context.titleIds,
    }),
    storePrices: assign({
      pricedTitleIds: ({ context, event }) =>
        event.type === 'prices.changed' ? [...event.titleIds] : context.pricedTitleIds,
    }),
    storeTagged: assign(({ context, event }) => {
      if (event.type !== 'predictions.changed') return {}
      const tagged = new Set(event.messageIds)
      return {
        taggedMessageIds: [...event.messageIds],
        messages: context.messages.filter((message) => !tagged.has(message.id)),
      }
    }),
    reportError: (_, _report: MissingTicksReport) => {},
    notify: (_, _notice: Notice) => {},
  },
})

/**
 * Spec §3 "Live stream message", §5, §8: the untagged messages of the logged-in player, then the
 * realtime pushes of type 'tweets', as live stream messages. Follows the store lifecycle (loads only
 * when logged in; reset; a second initialize ignored unless forced). Messages without an author or
 * titles, without a known title, or already tagged are left out; one whose main title has no tick is
 * reported (`reportError`) and left out. Messages fetched before any tick price is known (the load
 * after a sign-in usually beats the socket's subscribe answer) wait for the first prices.
 */
export const liveStreamMachine = liveStreamSetup
  .extend({
    actions: {
      /** a pushed tweet joins the stream, or is reported when its title has no tick (mapped once) */
      takePush: liveStreamSetup.enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'liveStream.pushed')
        const mapped = toLiveStreamMessage(event.message, context)
        if ('kept' in mapped) enqueue.assign({ messages: addToLiveStream(context.messages, mapped.kept) })
        else if (mapped.skipped === 'noTick')
          enqueue({ type: 'reportError', params: { message: 'Missing tick', missing: [mapped.missing] } })
      }),
      /** the fetched messages as the stream, reporting those without a tick and saying when none is left */
      showFetched: liveStreamSetup.enqueueActions(({ context, enqueue }) => {
        const fetched = context.fetched ?? []
        const { messages, missingTicks } = toLiveStream(fetched, envOf(context))
        enqueue.assign({ messages, fetched: undefined, error: undefined })
        if (missingTicks.length > 0)
          enqueue({ type: 'reportError', params: { message: 'Missing tick', missing: missingTicks } })
        if (messages.length === 0) enqueue({ type: 'notify', params: gameNotices.noRelevantMessages })
      }),
    },
  })
  .createMachine({
    id: 'liveStream',
    context: ({ input }) => ({
      messages: [],
      titleIds: [],
      pricedTitleIds: [],
      taggedMessageIds: [],
      loggedIn: input?.loggedIn ?? false,
    }),
    initial: 'uninitialized',
    on: {
      'session.changed': [
        { guard: 'isLoggingOut', target: '.uninitialized', actions: ['trackSession', 'clearMessages'] },
        { actions: 'trackSession' },
      ],
      'store.reset': { target: '.uninitialized', actions: 'clearMessages' },
      'titles.changed': { actions: 'storeTitles' },
      'prices.changed': { actions: 'storePrices' },
      'predictions.changed': { actions: 'storeTagged' },
    },
    states: {
      uninitialized: {
        on: { 'store.initialize': { guard: 'isLoggedIn', target: 'loading' } },
      },
      loading: {
        invoke: {
          id: 'fetchMessages',
          src: 'fetchMessages',
          onDone: [
            // no tick price known yet (the socket's subscribe answer brings the first): held until one is
            {
              guard: 'hasNoPrices',
              target: 'awaitingPrices',
              actions: { type: 'holdFetched', params: ({ event }) => event.output },
            },
            {
              target: 'ready',
              actions: [{ type: 'holdFetched', params: ({ event }) => event.output }, 'showFetched'],
            },
          ],
          onError: {
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => event.error }),
              { type: 'notify', params: gameNotices.messagesFailed },
            ],
          },
        },
      },
      awaitingPrices: {
        always: {
          guard: 'hasPrices',
          target: 'ready',
          actions: 'showFetched',
        },
        on: { 'store.initialize': { guard: 'isForcedAndLoggedIn', target: 'loading' } },
      },
      ready: {
        on: {
          'store.initialize': { guard: 'isForcedAndLoggedIn', target: 'loading' },
          'liveStream.pushed': { guard: 'isTweet', actions: 'takePush' },
        },
      },
      failed: {
        on: { 'store.initialize': { guard: 'isLoggedIn', target: 'loading' } },
      },
    },
  })

export type LiveStreamMachine = typeof liveStreamMachine

/** The stream, newest first (at most 200 messages). */
export const selectLiveStreamMessages = (context: LiveStreamContext) => context.messages
