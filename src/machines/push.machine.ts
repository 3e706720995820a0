import { assign, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { type PushAccess, PushBlockedError, type PushEvent, subscribeTimeoutMs } from './push.types'

const notProvided = (name: string) => () => {
  throw new Error(`${name} is provided by src/actors`)
}

/**
 * Settings' "as push notification" in this browser: while a signed-in player wants a push, the browser
 * is subscribed (with the server's key) and the subscription is given to the server for this session.
 * The browser asks the player only when the player clicks "Allow notifications"; a browser that was
 * allowed before subscribes at once, on every sign-in. Blocked, unsupported and failed are shown as such,
 * a failure with a retry; blocked or not yet asked, it follows the browser's permission as it changes.
 */
export const pushMachine = setup({
  types: {} as {
    context: {
      error?: string
      offerDeclined: boolean
      /** the player clicked Allow or Try again (not a subscription made on its own at sign-in) */
      playerAsked: boolean
    }
    events: PushEvent
    input: { readonly offerDeclined?: boolean } | undefined
  },
  actors: {
    /** what the browser allows, without asking */
    readPushAccess: fromPromise<PushAccess>(notProvided('readPushAccess')),
    /** asks the browser if need be, subscribes and saves the subscription at the server */
    subscribePush: fromPromise<void>(notProvided('subscribePush')),
    /** sends `push.accessChanged` whenever the browser's notification permission changes */
    watchPushAccess: fromCallback<PushEvent>(notProvided('watchPushAccess')),
  },
  actions: {
    /** keeps in this browser that the player put off the offer (provided by src/actors) */
    rememberOfferDeclined: () => {},
  },
  guards: {
    isWanted: ({ event }) => event.type === 'push.wanted' && event.wanted,
    isUnwanted: ({ event }) => event.type === 'push.wanted' && !event.wanted,
    isBlocked: (_, params: { readonly error: unknown }) => params.error instanceof PushBlockedError,
  },
  delays: { subscribeTimeout: subscribeTimeoutMs },
}).createMachine({
  id: 'push',
  context: ({ input }) => ({ offerDeclined: input?.offerDeclined ?? false, playerAsked: false }),
  initial: 'idle',
  on: {
    'push.wanted': { guard: 'isUnwanted', target: '.idle' },
    'push.notNow': { actions: [assign({ offerDeclined: true }), 'rememberOfferDeclined'] },
  },
  states: {
    idle: {
      on: { 'push.wanted': { guard: 'isWanted', target: 'checking' } },
    },
    checking: {
      invoke: {
        src: 'readPushAccess',
        onDone: [
          { guard: ({ event }) => event.output === 'granted', target: 'subscribing' },
          { guard: ({ event }) => event.output === 'default', target: 'askable' },
          { guard: ({ event }) => event.output === 'denied', target: 'blocked' },
          { target: 'unsupported' },
        ],
        onError: 'unsupported',
      },
    },
    // A permission changed in the browser's site settings is read again: no reload needed.
    askable: {
      invoke: { src: 'watchPushAccess' },
      on: {
        'push.allow': { target: 'subscribing', actions: assign({ playerAsked: true }) },
        'push.accessChanged': 'checking',
      },
    },
    subscribing: {
      entry: assign({ error: undefined }),
      invoke: {
        src: 'subscribePush',
        onDone: 'subscribed',
        onError: [
          {
            guard: { type: 'isBlocked', params: ({ event }) => ({ error: event.error }) },
            target: 'blocked',
          },
          {
            target: 'failed',
            actions: assign({
              error: ({ event }) =>
                event.error instanceof Error ? event.error.message : String(event.error),
            }),
          },
        ],
      },
      after: {
        subscribeTimeout: { target: 'failed', actions: assign({ error: 'The browser did not answer.' }) },
      },
    },
    subscribed: {},
    blocked: {
      invoke: { src: 'watchPushAccess' },
      on: { 'push.accessChanged': 'checking' },
    },
    unsupported: {},
    failed: { on: { 'push.retry': { target: 'subscribing', actions: assign({ playerAsked: true }) } } },
  },
})

export type PushMachine = typeof pushMachine

/** Where push stands in this browser: what Settings says under the switches. */
export type PushState =
  | 'idle'
  | 'checking'
  | 'askable'
  | 'subscribing'
  | 'subscribed'
  | 'blocked'
  | 'unsupported'
  | 'failed'

export const selectPushState = (snapshot: SnapshotFrom<PushMachine>) => snapshot.value as PushState

/**
 * Whether the dashboard offers the player to allow notifications: while the browser may ask, and after
 * the player's click while it is answered (subscribing, or failed, which the offer then says), unless
 * the player put the offer off. A browser allowed before subscribes on its own at sign-in: that is
 * no offer, nor is its failure (Settings says it, with Try again).
 */
export const selectPushOffer = (snapshot: SnapshotFrom<PushMachine>) => {
  const { offerDeclined, playerAsked } = snapshot.context
  const state = selectPushState(snapshot)
  return (
    !offerDeclined &&
    (state === 'askable' || (playerAsked && (state === 'subscribing' || state === 'failed')))
  )
}

/** Why the last subscription failed, in the browser's words. */
export const selectPushError = (snapshot: SnapshotFrom<PushMachine>) => snapshot.context.error
