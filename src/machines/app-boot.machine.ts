import { assertEvent, assign, fromPromise, setup } from 'xstate'
import {
  type AppBootContext,
  type AppBootEvent,
  type AuthUserFetched,
  refreshedStores,
  refreshIntervalMs,
  type StoreName,
  storeActorId,
  storeNames,
} from './app-boot.types'
import { createStoreMachine } from './store.machine'

/**
 * The default store of a name: the shared lifecycle holding what its provided `loadStore` resolves
 * with. src/actors may put a domain store (polls, tagged messages) in its place: it takes the same events.
 */
export const storeMachineOf = (name: StoreName) =>
  createStoreMachine<unknown>({ id: storeActorId(name), initialData: name === 'user' ? null : [] })

/** What a session change says of the user, for `storeLoggedIn`. */
const loggedInOfChange = ({ event }: { event: AppBootEvent }): boolean => {
  assertEvent(event, 'session.changed')
  return event.loggedIn
}

const bootSetup = setup({
  types: {} as { context: AppBootContext; events: AppBootEvent },
  actors: {
    /** fetches the signed-in user (auth info, forced) through the session */
    fetchAuthUser: fromPromise<AuthUserFetched>(async () => {
      throw new Error('fetchAuthUser is provided by src/actors')
    }),
    userStore: storeMachineOf('user'),
    titleInfoStore: storeMachineOf('titleInfo'),
    activityStreamStore: storeMachineOf('activityStream'),
    pollsStore: storeMachineOf('polls'),
    taggedMessagesStore: storeMachineOf('taggedMessages'),
    liveRankingStore: storeMachineOf('liveRanking'),
    liveStreamStore: storeMachineOf('liveStream'),
  },
  delays: { refreshInterval: refreshIntervalMs },
  guards: {
    isLoggingIn: ({ event }) => event.type === 'session.changed' && event.loggedIn,
  },
  actions: {
    storeLoggedIn: assign((_, loggedIn: boolean) => ({ loggedIn })),
    /** asks the session for the auth user again (forced) */
    refreshAuthUser: () => {},
  },
})

/** Stores start logged out: the session's first answer tells them otherwise. */
const storeInput = { loggedIn: false }

/**
 * Spec §4 "Start-up": fetch the signed-in user (forced), then initialize the user, title-info, activity
 * stream, polls, tagged messages, live ranking and live stream stores; every 10 s refresh the auth
 * user, live ranking, activity stream, polls, tagged messages and title infos. The stores are its
 * children (system ids `store.<name>`), told of every session change; a login initializes them.
 */
export const appBootMachine = bootSetup
  .extend({
    actions: {
      tellStores: bootSetup.enqueueActions(({ context, enqueue }) => {
        for (const name of storeNames)
          enqueue.sendTo(storeActorId(name), { type: 'session.changed', loggedIn: context.loggedIn })
      }),
      initializeStores: bootSetup.enqueueActions(({ enqueue }) => {
        for (const name of storeNames) enqueue.sendTo(storeActorId(name), { type: 'store.initialize' })
      }),
      refreshStores: bootSetup.enqueueActions(({ enqueue }) => {
        for (const name of refreshedStores)
          enqueue.sendTo(storeActorId(name), { type: 'store.initialize', force: true })
      }),
    },
  })
  .createMachine({
    id: 'appBoot',
    context: { loggedIn: false },
    invoke: [
      { id: 'userStore', systemId: 'store.user', src: 'userStore', input: storeInput },
      { id: 'titleInfoStore', systemId: 'store.titleInfo', src: 'titleInfoStore', input: storeInput },
      {
        id: 'activityStreamStore',
        systemId: 'store.activityStream',
        src: 'activityStreamStore',
        input: storeInput,
      },
      { id: 'pollsStore', systemId: 'store.polls', src: 'pollsStore', input: storeInput },
      {
        id: 'taggedMessagesStore',
        systemId: 'store.taggedMessages',
        src: 'taggedMessagesStore',
        input: storeInput,
      },
      { id: 'liveRankingStore', systemId: 'store.liveRanking', src: 'liveRankingStore', input: storeInput },
      { id: 'liveStreamStore', systemId: 'store.liveStream', src: 'liveStreamStore', input: storeInput },
    ],
    on: {
      'session.changed': { actions: [{ type: 'storeLoggedIn', params: loggedInOfChange }, 'tellStores'] },
    },
    initial: 'fetchingUser',
    states: {
      fetchingUser: {
        invoke: {
          id: 'fetchAuthUser',
          src: 'fetchAuthUser',
          onDone: {
            target: 'running',
            actions: [
              { type: 'storeLoggedIn', params: ({ event }) => event.output.loggedIn },
              'tellStores',
              'initializeStores',
            ],
          },
          // the session has shown the failure; the app starts as a guest
          onError: { target: 'running', actions: ['tellStores', 'initializeStores'] },
        },
      },
      running: {
        after: {
          refreshInterval: {
            target: 'running',
            reenter: true,
            actions: ['refreshAuthUser', 'refreshStores'],
          },
        },
        on: {
          'session.changed': [
            {
              guard: 'isLoggingIn',
              actions: [
                { type: 'storeLoggedIn', params: loggedInOfChange },
                'tellStores',
                'initializeStores',
              ],
            },
            { actions: [{ type: 'storeLoggedIn', params: loggedInOfChange }, 'tellStores'] },
          ],
        },
      },
    },
  })

export type AppBootMachine = typeof appBootMachine
