import { type ActorRefFrom, fromPromise, type SnapshotFrom, waitFor } from 'xstate'
import { type ApiClient, isApiError } from '../api/client'
import { isLoggedInUser } from '../api/guest-user'
import type { Settings } from '../api/settings'
import type { Notice } from '../machines/notices'
import type { SessionMachine } from '../machines/session.machine'
import { type RouteOptions, type RoutingSession, routeFor } from '../machines/session.routes'
import type { Credentials, SignedIn } from '../machines/session.types'
import type { Navigator } from './navigation'
import type { Notifier } from './notifier'

/** The local-storage keys of the data a logout clears (spec §4 "Login"; §9 "Local persistence"). */
export const sessionStorageKeys = { votes: 'alpha.votes', taggedMessages: 'alpha.taggedMessages' } as const

/** What a logout clears locally; the owners of the stored votes and tagged messages may pass their own. */
export interface StoredUserData {
  clearVotes(): void
  clearTaggedMessages(): void
}

/** Removes `sessionStorageKeys` from a Storage (the browser's localStorage by default). */
export function storedUserDataIn(storage: Pick<Storage, 'removeItem'> | undefined = globalThis.localStorage) {
  return {
    clearVotes: () => storage?.removeItem(sessionStorageKeys.votes),
    clearTaggedMessages: () => storage?.removeItem(sessionStorageKeys.taggedMessages),
  } satisfies StoredUserData
}

/** The signed-in user's settings; none when they cannot be fetched (then not first-time). */
async function settingsOf(api: ApiClient, signal: AbortSignal): Promise<Settings | undefined> {
  try {
    return await api.call('settings', { params: { user: 'me' }, signal })
  } catch {
    return undefined
  }
}

/** GET /v1/auth/info, then the settings; null for a guest (401). */
export const fetchAuthInfo = (api: ApiClient) =>
  fromPromise<SignedIn | null>(async ({ signal }) => {
    try {
      const user = await api.call('authInfo', { signal })
      return { user, settings: await settingsOf(api, signal) }
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null
      throw error
    }
  })

/** POST /v1/auth/signin, then the settings. */
export const signIn = (api: ApiClient) =>
  fromPromise<SignedIn, Credentials>(async ({ input, signal }) => {
    const user = await api.call('signIn', { body: { login: input.login, password: input.password }, signal })
    return { user, settings: await settingsOf(api, signal) }
  })

/** POST /v1/auth/logout. */
export const postLogout = (api: ApiClient) => fromPromise<void>(() => api.call('logout'))

export interface SessionDeps {
  readonly api: ApiClient
  readonly navigate: Navigator
  readonly notify: Notifier
  /** @default the browser's localStorage keys of `sessionStorageKeys` */
  readonly storedUserData?: StoredUserData
  readonly routeOptions?: RouteOptions
}

/** Sends the router where the session belongs (spec §2 rules 1 to 3), replacing the current entry. */
export function routeBySession(navigate: Navigator, routing: RoutingSession, options?: RouteOptions): void {
  const here = navigate.current()
  const there = routeFor(here, routing, options)
  if (there !== here) navigate.go(there, { replace: true })
}

/** The production wiring of the session machine. */
export function provideSession(machine: SessionMachine, deps: SessionDeps) {
  const stored = deps.storedUserData ?? storedUserDataIn()
  return machine.provide({
    actors: {
      fetchAuthInfo: fetchAuthInfo(deps.api),
      signIn: signIn(deps.api),
      postLogout: postLogout(deps.api),
    },
    actions: {
      clearStoredVotes: () => stored.clearVotes(),
      clearStoredTaggedMessages: () => stored.clearTaggedMessages(),
      routeBySession: (_, routing: RoutingSession) =>
        routeBySession(deps.navigate, routing, deps.routeOptions),
      notify: (_, notice: Notice) => deps.notify.show(notice),
    },
  })
}

type SessionActor = ActorRefFrom<SessionMachine>

const settled = (session: SessionActor) =>
  waitFor(session, (snapshot) => !snapshot.matches('fetching') && !snapshot.matches('starting'))

/** Asks the session for the auth info (forced) and waits for the answer; a running fetch is reused. */
export async function refreshSession(session: SessionActor): Promise<SnapshotFrom<SessionMachine>> {
  session.send({ type: 'session.refresh', force: true })
  return settled(session)
}

/**
 * The session once it knows who is there: asks for the auth info only when nobody has answered yet
 * (the page's start-up and the game's boot both need it; whichever comes second reuses the answer).
 */
export async function lookUpSession(session: SessionActor): Promise<SnapshotFrom<SessionMachine>> {
  session.send({ type: 'session.refresh' })
  return settled(session)
}

/** The socket's `refreshUser`: the refreshed credentials, or a rejection when nobody is signed in. */
export async function refreshedCredentials(session: SessionActor): Promise<{ websocketCredentials: string }> {
  const { context } = await refreshSession(session)
  if (!isLoggedInUser(context.user)) throw new Error('Not signed in any more')
  return { websocketCredentials: context.user.websocketCredentials }
}
