import { assertEvent, assign, fromPromise, not, setup } from 'xstate'
import { guestUser, isLoggedInUser } from '../api/guest-user'
import type { AuthUser } from '../api/users'
import { type Notice, notices } from './notices'
import type { RoutingSession } from './session.routes'
import type {
  Announced,
  Credentials,
  SessionContext,
  SessionEmitted,
  SessionEvent,
  SessionInput,
  SignedIn,
} from './session.types'

const announcedOf = ({ user }: Pick<SessionContext, 'user'>): Announced => ({
  loggedIn: isLoggedInUser(user),
  userId: user.id,
  websocketCredentials: user.websocketCredentials,
})

const sameAnnouncement = (a: Announced, b: Announced) =>
  a.loggedIn === b.loggedIn && a.userId === b.userId && a.websocketCredentials === b.websocketCredentials

/** What the router needs of the session (spec §2 rules 1 to 3, see `routeFor`). */
export const routingOf = (context: Pick<SessionContext, 'user' | 'settings'>): RoutingSession => ({
  loggedIn: isLoggedInUser(context.user),
  firstTime: isLoggedInUser(context.user) && context.settings?.isFirstTimeUser === true,
})

/**
 * Spec §3, §4 "Login": the signed-in player or the guest placeholder. Fetches the auth info, signs
 * in and out; every change of who is signed in is emitted as `session.changed` and re-checks the route
 * (a first-time user is sent to the welcome route).
 */
const sessionSetup = setup({
  types: {} as {
    context: SessionContext
    events: SessionEvent
    emitted: SessionEmitted
    input: SessionInput | undefined
  },
  actors: {
    /** GET /v1/auth/info (and the settings); null when nobody is signed in */
    fetchAuthInfo: fromPromise<SignedIn | null>(async () => {
      throw new Error('fetchAuthInfo is provided by src/actors')
    }),
    signIn: fromPromise<SignedIn, Credentials>(async () => {
      throw new Error('signIn is provided by src/actors')
    }),
    postLogout: fromPromise<void>(async () => {
      throw new Error('postLogout is provided by src/actors')
    }),
  },
  guards: {
    isForced: ({ event }) => event.type === 'session.refresh' && event.force === true,
    isLoggedIn: ({ context }) => isLoggedInUser(context.user),
    isSignedIn: (_, signedIn: SignedIn | null) => signedIn !== null,
  },
  actions: {
    // only ever given a signed-in player (`isSignedIn` chose the transition)
    storeSignedIn: assign((_, signedIn: SignedIn | null) =>
      signedIn ? { user: signedIn.user, settings: signedIn.settings, error: undefined } : {},
    ),
    resetToGuest: assign({ user: guestUser, settings: undefined, error: undefined }),
    storeError: assign((_, failed: { readonly error: unknown }) => ({ error: failed.error })),
    storeSettings: assign({
      settings: ({ context, event }) =>
        event.type === 'session.settingsChanged' ? event.settings : context.settings,
    }),
    patchUser: assign({
      user: ({ context, event }) =>
        event.type === 'session.userPatched' && isLoggedInUser(context.user)
          ? ({ ...context.user, ...event.patch } as AuthUser)
          : context.user,
    }),
    clearStoredVotes: () => {},
    clearStoredTaggedMessages: () => {},
    /** sends the router where `routeFor` says the session belongs */
    routeBySession: (_, _routing: RoutingSession) => {},
    notify: (_, _notice: Notice) => {},
  },
})

export const sessionMachine = sessionSetup
  .extend({
    actions: {
      /** tells listeners, once per change of signed-in state, user or socket credentials */
      announce: sessionSetup.enqueueActions(({ context, enqueue }) => {
        const now = announcedOf(context)
        if (sameAnnouncement(now, context.announced)) return
        enqueue.assign({ announced: now })
        enqueue.emit({ type: 'session.changed', ...now })
      }),
    },
  })
  .createMachine({
    id: 'session',
    context: ({ input }) => {
      const user = input?.user ?? guestUser
      return { user, settings: input?.settings, announced: announcedOf({ user }) }
    },
    initial: 'starting',
    states: {
      starting: {
        always: [{ guard: 'isLoggedIn', target: 'loggedIn' }, { target: 'guest.unknown' }],
      },
      guest: {
        // a guest nobody has looked up yet (the page has just started, or the last look-up failed) is
        // looked up on any refresh; a guest the server named as such only on a forced one, so the
        // boot's "look up unless known" reuses the start-up's answer instead of asking again
        initial: 'unknown',
        states: {
          unknown: { on: { 'session.refresh': '#session.fetching' } },
          known: { on: { 'session.refresh': { guard: 'isForced', target: '#session.fetching' } } },
        },
        on: {
          'session.login': 'signingIn',
        },
      },
      loggedIn: {
        on: {
          'session.refresh': { guard: 'isForced', target: 'fetching' },
          'session.logout': 'loggingOut',
          'session.settingsChanged': {
            actions: [
              'storeSettings',
              { type: 'routeBySession', params: ({ context }) => routingOf(context) },
            ],
          },
          'session.userPatched': { actions: ['patchUser', 'announce'] },
        },
      },
      fetching: {
        invoke: {
          id: 'fetchAuthInfo',
          src: 'fetchAuthInfo',
          onDone: [
            {
              guard: { type: 'isSignedIn', params: ({ event }) => event.output },
              target: 'loggedIn',
              actions: [
                { type: 'storeSignedIn', params: ({ event }) => event.output },
                'announce',
                { type: 'routeBySession', params: ({ context }) => routingOf(context) },
              ],
            },
            {
              // the server ended the session (expired, logged out elsewhere): the same as a logout here
              guard: 'isLoggedIn',
              target: 'guest.known',
              actions: [
                'resetToGuest',
                'clearStoredVotes',
                'clearStoredTaggedMessages',
                'announce',
                { type: 'routeBySession', params: ({ context }) => routingOf(context) },
              ],
            },
            {
              target: 'guest.known',
              actions: ['announce', { type: 'routeBySession', params: ({ context }) => routingOf(context) }],
            },
          ],
          onError: [
            {
              guard: 'isLoggedIn',
              target: 'loggedIn',
              actions: [
                { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
                { type: 'notify', params: notices.authInfoFailed },
              ],
            },
            {
              // nobody answered: the next refresh of any kind asks again
              target: 'guest.unknown',
              actions: [
                { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
                { type: 'notify', params: notices.authInfoFailed },
              ],
            },
          ],
        },
        on: {
          'session.logout': { guard: 'isLoggedIn', target: 'loggingOut' },
          // the player's credentials win over an auth-info lookup still running (the boot's, the refresh's)
          'session.login': { guard: not('isLoggedIn'), target: 'signingIn' },
        },
      },
      signingIn: {
        invoke: {
          id: 'signIn',
          src: 'signIn',
          input: ({ event }) => {
            assertEvent(event, 'session.login')
            return { login: event.login, password: event.password }
          },
          onDone: {
            target: 'loggedIn',
            actions: [
              { type: 'storeSignedIn', params: ({ event }) => event.output },
              'announce',
              { type: 'routeBySession', params: ({ context }) => routingOf(context) },
            ],
          },
          // no notice: the sign-in form, the one sender of session.login, shows the refusal beside
          // its fields (a toast said the same words a second time)
          onError: {
            target: 'guest.known',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      loggingOut: {
        // local first (spec §4 "Login"): the guest is back at once, whatever the logout call answers
        entry: [
          'resetToGuest',
          'clearStoredVotes',
          'clearStoredTaggedMessages',
          'announce',
          { type: 'routeBySession', params: ({ context }) => routingOf(context) },
        ],
        invoke: {
          id: 'postLogout',
          src: 'postLogout',
          onDone: 'guest.known',
          onError: 'guest.known',
        },
      },
    },
  })

export type SessionMachine = typeof sessionMachine
