import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { ApiError } from '../../src/api/client'
import { guestUser, isLoggedInUser } from '../../src/api/guest-user'
import { routingOf, sessionMachine } from '../../src/machines/session.machine'
import type { SessionContext } from '../../src/machines/session.types'
import { authUser, settingsOf } from '../support/client-fixtures'
import { type Output, type PathModel, stateName } from './paths'

export const alice = authUser()
export const credentials = { login: 'alice', password: 'correct horse battery staple' }
const networkDown = new ApiError(0, 'network_error', 'The server could not be reached.')
const wrongPassword = new ApiError(401, 'invalid_credentials', 'Wrong e-mail, username or password.')

const contextOf = (snapshot: AnyMachineSnapshot | undefined) => snapshot?.context as SessionContext
const loggedIn = (snapshot: AnyMachineSnapshot | undefined) =>
  snapshot !== undefined && isLoggedInUser(contextOf(snapshot).user)

const changed = (user: { id: number; websocketCredentials: string }): Output => ({
  emit: {
    type: 'session.changed',
    loggedIn: isLoggedInUser(user),
    userId: user.id,
    websocketCredentials: user.websocketCredentials,
  },
})
const guestRoute: Output = { route: { loggedIn: false, firstTime: false } }
const clearsStored: Output[] = [
  { action: 'clears the stored votes' },
  { action: 'clears the stored tagged messages' },
]

/** Spec §3, §4 "Login", §2 rules, §8 written out: what the app sees after each step. */
function expectedOutputs(from: AnyMachineSnapshot | undefined, event: AnyEventObject): Output[] {
  const at = from && stateName(from)
  const context = contextOf(from)
  switch (event.type) {
    case 'session.refresh':
      // unforced only while nobody has said who is there (start-up, a failed look-up)
      return at === 'guest.unknown' || ((at === 'guest.known' || at === 'loggedIn') && event.force)
        ? [{ call: 'fetchAuthInfo' }]
        : []
    case 'session.login':
      // a guest signs in, also while an auth-info lookup is still running (the credentials win)
      return at?.startsWith('guest.') || (at === 'fetching' && !loggedIn(from))
        ? [{ call: 'signIn', input: credentials }]
        : []
    case 'session.logout':
      // local first: the guest is back, the stored data gone, everybody told; then the logout call
      return loggedIn(from) && (at === 'loggedIn' || at === 'fetching')
        ? [...clearsStored, guestRoute, changed(guestUser), { call: 'postLogout' }]
        : []
    case 'session.settingsChanged':
      return at === 'loggedIn'
        ? [{ route: { loggedIn: true, firstTime: event.settings.isFirstTimeUser } }]
        : []
    case 'xstate.done.actor.fetchAuthInfo':
    case 'xstate.done.actor.signIn': {
      if (event.output === null)
        return loggedIn(from) ? [...clearsStored, guestRoute, changed(guestUser)] : [guestRoute]
      const { user, settings } = event.output
      const announce =
        user.id !== context.announced.userId ||
        user.websocketCredentials !== context.announced.websocketCredentials
      return [
        { route: { loggedIn: true, firstTime: settings?.isFirstTimeUser === true } },
        ...(announce ? [changed(user)] : []),
      ]
    }
    case 'xstate.error.actor.fetchAuthInfo':
      return [{ notice: { kind: 'warning', message: 'Error fetching auth info!', key: 'auth_info_failed' } }]
    default:
      return []
  }
}

export const sessionModel: PathModel = {
  name: 'session',
  summary:
    'The auth session (spec §3 guest placeholder, §4 "Login", §2 rules 1 to 3): the auth info, looked up once and again only when forced, sign-in, logout (local first), first-time routing; every change of who is signed in told to listeners.',
  machine: sessionMachine,
  input: {},
  events: [
    { type: 'session.refresh' },
    { type: 'session.refresh', force: true },
    { type: 'session.login', ...credentials },
    { type: 'session.logout' },
    { type: 'session.settingsChanged', settings: settingsOf(false) },
    { type: 'xstate.done.actor.fetchAuthInfo', output: { user: alice, settings: settingsOf(true) } },
    { type: 'xstate.done.actor.fetchAuthInfo', output: null },
    { type: 'xstate.error.actor.fetchAuthInfo', error: networkDown },
    { type: 'xstate.done.actor.signIn', output: { user: alice, settings: settingsOf(false) } },
    { type: 'xstate.error.actor.signIn', error: wrongPassword },
    { type: 'xstate.done.actor.postLogout' },
    { type: 'xstate.error.actor.postLogout', error: networkDown },
  ],
  expectedOutputs: ({ from, event }) => expectedOutputs(from, event),
  describeState: (snapshot) => {
    const context = contextOf(snapshot)
    const who = loggedIn(snapshot) ? `alice${routingOf(context).firstTime ? ', first-time' : ''}` : 'guest'
    const facts = [
      ...(stateName(snapshot).split('.')[0] === who ? [] : [who]),
      ...(context.error ? ['last call failed'] : []),
    ]
    return facts.length ? `${stateName(snapshot)} (${facts.join(', ')})` : stateName(snapshot)
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'session.refresh':
        return event.force ? 'the app refreshes the auth info (forced)' : 'the app asks for the auth info'
      case 'session.login':
        return 'the player signs in'
      case 'session.logout':
        return 'the player logs out'
      case 'session.settingsChanged':
        return 'the first-time flag is cleared'
      case 'xstate.done.actor.fetchAuthInfo':
        return event.output
          ? 'the auth info names alice (first-time)'
          : 'the auth info says nobody is signed in (401)'
      case 'xstate.error.actor.fetchAuthInfo':
        return 'the auth info call fails (no answer)'
      case 'xstate.done.actor.signIn':
        return 'the sign-in succeeds'
      case 'xstate.error.actor.signIn':
        return 'the sign-in is refused (401)'
      case 'xstate.done.actor.postLogout':
        return 'the logout call answers'
      case 'xstate.error.actor.postLogout':
        return 'the logout call fails'
      default:
        return undefined
    }
  },
}
