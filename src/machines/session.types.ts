import type { GuestUser, SessionUser } from '../api/guest-user'
import type { Settings } from '../api/settings'
import type { AuthUser } from '../api/users'

/** What signing in or fetching the auth info yields for a signed-in user. */
export interface SignedIn {
  readonly user: AuthUser
  /** the user's settings; absent when they could not be fetched (then not first-time) */
  readonly settings?: Settings
}

/** `signIn`'s input: what the player typed (e-mail address or username, and the password). */
export interface Credentials {
  readonly login: string
  readonly password: string
}

export interface SessionInput {
  /** a user known at start (tests, a restored page) @default the guest placeholder */
  readonly user?: SessionUser
  readonly settings?: Settings
}

/** What the session last told its listeners; a change of any of these is announced. */
export interface Announced {
  readonly loggedIn: boolean
  readonly userId: number
  readonly websocketCredentials: string
}

export interface SessionContext {
  /** the signed-in player or the guest placeholder (spec §3) */
  readonly user: SessionUser
  readonly settings?: Settings
  /** why the last sign-in or auth info call failed */
  readonly error?: unknown
  readonly announced: Announced
}

export type SessionEvent =
  /**
   * fetches the auth info unless the session knows who is there (a signed-in player, or a guest the
   * server named as such); forced, always (the sign-in page, the 10 s refresh, the socket)
   */
  | { readonly type: 'session.refresh'; readonly force?: boolean }
  | ({ readonly type: 'session.login' } & Credentials)
  /** back to the guest, clears the stored votes and tagged messages, posts the logout */
  | { readonly type: 'session.logout' }
  /** the settings changed (the welcome page clears isFirstTimeUser) */
  | { readonly type: 'session.settingsChanged'; readonly settings: Settings }
  /** fields of the signed-in user changed (a tag answered with a new reward factor) */
  | { readonly type: 'session.userPatched'; readonly patch: Partial<Omit<AuthUser, 'id'>> }

/** Told to listeners (the stores, the socket) whenever signed-in state, user or credentials change. */
export type SessionEmitted = { readonly type: 'session.changed' } & Announced

export type { GuestUser, SessionUser }
