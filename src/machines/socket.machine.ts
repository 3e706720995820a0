import { assertEvent, assign, emit, fromCallback, fromPromise, sendTo, setup } from 'xstate'
import { type Notice, notices } from './notices'
import {
  type MissingTitles,
  missingTitles,
  type RefreshedUser,
  type SocketCommand,
  type SocketContext,
  type SocketEmitted,
  type SocketEvent,
  type SocketInput,
  subscribeRetries,
  type TitleInfo,
} from './socket.types'

const newTitles = (context: SocketContext, titles: readonly TitleInfo[]) =>
  titles.filter(
    (title, i) =>
      !context.titles.some((known) => known.id === title.id) &&
      titles.findIndex((other) => other.id === title.id) === i,
  )

const socketSetup = setup({
  types: {} as {
    context: SocketContext
    events: SocketEvent
    emitted: SocketEmitted
    input: SocketInput | undefined
  },
  actors: {
    /** the socket.io-client connection: sends `socket.*` events, takes `SocketCommand`s */
    listenToSocket: fromCallback<SocketCommand>(() => {
      throw new Error('listenToSocket is provided by src/actors')
    }),
    /** refreshes the signed-in user (auth info, forced); rejects when nobody is signed in any more */
    refreshUser: fromPromise<RefreshedUser>(async () => {
      throw new Error('refreshUser is provided by src/actors')
    }),
  },
  guards: {
    isAuthorized: ({ event }) => event.type === 'socket.authorized' && event.ok,
    isInitialSubscribe: ({ context }) => !context.subscribedOnce,
    canRetrySubscribe: ({ context }) =>
      !context.subscribedOnce && context.subscribeFailures < subscribeRetries,
    hasNewTitles: ({ context, event }) =>
      event.type === 'titles.added' && newTitles(context, event.titles).length > 0,
    hasUnrequestedTitles: ({ context }) =>
      context.titles.some((title) => !context.requested.includes(title.id)),
    isLaterAttempt: ({ event }) => event.type === 'socket.reconnected' && event.attempt > 1,
  },
  actions: {
    startSession: assign(({ event }) => {
      assertEvent(event, 'socket.connect')
      return {
        credentials: event.credentials,
        subscribeFailures: 0,
        subscribedOnce: false,
        requested: [],
      }
    }),
    storeRefreshedCredentials: assign((_, refreshed: RefreshedUser) => ({
      credentials: refreshed.websocketCredentials,
    })),
    mergeTitles: assign({
      titles: ({ context, event }) =>
        event.type === 'titles.added'
          ? [...context.titles, ...newTitles(context, event.titles)]
          : context.titles,
    }),
    requestAllTitles: assign({ requested: ({ context }) => context.titles.map((title) => title.id) }),
    countSubscribeFailure: assign({ subscribeFailures: ({ context }) => context.subscribeFailures + 1 }),
    markSubscribed: assign({ subscribedOnce: true, subscribeFailures: 0 }),
    resetSubscribeFailures: assign({ subscribeFailures: 0 }),
    authorize: sendTo('socket', ({ context }) => ({
      type: 'socket.authorize' as const,
      credentials: context.credentials,
    })),
    subscribe: sendTo('socket', ({ context }) => ({
      type: 'socket.subscribe' as const,
      titleIds: context.requested,
    })),
    forwardPushedTicks: emit(({ event }) => {
      assertEvent(event, 'socket.ticked')
      return { type: 'realtime.ticked' as const, ticks: event.ticks }
    }),
    forwardMessage: emit(({ event }) => {
      assertEvent(event, 'socket.message')
      return { type: 'realtime.message' as const, message: event.message }
    }),
    forwardTicks: emit(({ event }) => {
      assertEvent(event, 'socket.subscribed')
      return { type: 'realtime.ticks' as const, ticks: event.ticks }
    }),
    forwardGroupsChanged: emit(({ event }) => {
      assertEvent(event, 'socket.groupsChanged')
      return { type: 'realtime.groupsChanged' as const, groupId: event.groupId }
    }),
    notify: (_, _notice: Notice) => {},
    /** goes to the login route unless the app is there already */
    navigateToLogin: () => {},
    /** logs the user out (the session machine) */
    logout: () => {},
    /** sends the missing titles to error reporting and logs a warning */
    reportMissingTitles: (_, _missing: MissingTitles) => {},
  },
})

const authorizeFailed = [
  { type: 'notify', params: notices.socketAuthorizeFailed },
  'navigateToLogin',
  'logout',
] as const

/**
 * Spec §4 "Realtime socket", §7: connect, authorize with the user's websocket credentials, then
 * subscribe to the ticks of every known title. A refused authorize refreshes the user and tries once
 * more, else logs out. The initial subscribe is retried 3 times, else logs out. socket.io-client
 * reconnects by itself (the listenToSocket actor): each reconnection authorizes and subscribes again.
 * Pushes go on to listeners: ticks, live messages, and 'groups changed' (the group lists read again).
 */
export const socketMachine = socketSetup
  .extend({
    actions: {
      reportMissing: socketSetup.enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'socket.subscribed') return
        const missing = missingTitles(context, event.ticks)
        if (Object.keys(missing).length > 0) enqueue({ type: 'reportMissingTitles', params: missing })
      }),
    },
  })
  .createMachine({
    id: 'socket',
    context: ({ input }) => ({
      credentials: '',
      titles: input?.titles ?? [],
      requested: [],
      subscribeFailures: 0,
      subscribedOnce: false,
    }),
    initial: 'disconnected',
    on: {
      'titles.added': { guard: 'hasNewTitles', actions: 'mergeTitles' },
    },
    states: {
      disconnected: {
        on: { 'socket.connect': { target: 'live', actions: 'startSession' } },
      },
      loggedOut: {
        on: {
          'socket.connect': { target: 'live', actions: 'startSession' },
          'socket.disconnect': 'disconnected',
        },
      },
      live: {
        invoke: { id: 'socket', src: 'listenToSocket' },
        on: {
          'socket.connect': { target: 'live', reenter: true, actions: 'startSession' },
          'socket.disconnect': 'disconnected',
          'socket.disconnected': '.connecting',
          'socket.connectError': {
            actions: { type: 'notify', params: ({ event }) => notices.connectError(event.message) },
          },
          'socket.reconnected': {
            guard: 'isLaterAttempt',
            actions: { type: 'notify', params: notices.reconnected },
          },
          'socket.ticked': { actions: 'forwardPushedTicks' },
          'socket.message': { actions: 'forwardMessage' },
          'socket.groupsChanged': { actions: 'forwardGroupsChanged' },
        },
        initial: 'connecting',
        states: {
          connecting: {
            on: { 'socket.connected': { target: 'authorizing', actions: 'resetSubscribeFailures' } },
          },
          authorizing: {
            entry: 'authorize',
            on: {
              'socket.authorized': [
                { guard: 'isAuthorized', target: 'subscribing' },
                { target: 'reauthorizing' },
              ],
            },
          },
          reauthorizing: {
            // the refresh may itself find the user signed out: this state then reports it, not the logout
            on: { 'socket.disconnect': {} },
            invoke: {
              id: 'refreshUser',
              src: 'refreshUser',
              onDone: {
                target: 'authorizingAgain',
                actions: { type: 'storeRefreshedCredentials', params: ({ event }) => event.output },
              },
              onError: { target: '#socket.loggedOut', actions: authorizeFailed },
            },
          },
          authorizingAgain: {
            entry: 'authorize',
            on: {
              'socket.authorized': [
                { guard: 'isAuthorized', target: 'subscribing' },
                { target: '#socket.loggedOut', actions: authorizeFailed },
              ],
            },
          },
          subscribing: {
            entry: ['requestAllTitles', 'subscribe'],
            on: {
              'socket.subscribed': [
                // titles added while the subscribe was on its way: once more with all of them
                {
                  guard: 'hasUnrequestedTitles',
                  target: 'subscribing',
                  reenter: true,
                  actions: ['forwardTicks', 'reportMissing', 'markSubscribed'],
                },
                { target: 'subscribed', actions: ['forwardTicks', 'reportMissing', 'markSubscribed'] },
              ],
              'socket.subscribeFailed': [
                {
                  guard: 'canRetrySubscribe',
                  target: 'subscribing',
                  reenter: true,
                  actions: 'countSubscribeFailure',
                },
                {
                  guard: 'isInitialSubscribe',
                  target: '#socket.loggedOut',
                  actions: [{ type: 'notify', params: notices.subscribeTitleTicksFailed(true) }, 'logout'],
                },
                {
                  target: 'subscribed',
                  actions: { type: 'notify', params: notices.subscribeTitleTicksFailed(false) },
                },
              ],
            },
          },
          subscribed: {
            on: {
              'titles.added': { guard: 'hasNewTitles', target: 'subscribing', actions: 'mergeTitles' },
            },
          },
        },
      },
    },
  })

export type SocketMachine = typeof socketMachine
