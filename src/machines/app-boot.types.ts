/** Spec §9 "Periodic refresh": every 10000 ms. */
export const refreshIntervalMs = 10_000

/** The stores the app initializes at start-up (spec §4 "Start-up"), by name. */
export const storeNames = [
  'user',
  'titleInfo',
  'activityStream',
  'polls',
  'taggedMessages',
  'liveRanking',
  'liveStream',
] as const
export type StoreName = (typeof storeNames)[number]

/** Spec §4: what the 10 s refresh reloads besides the auth user. */
export const refreshedStores: readonly StoreName[] = [
  'liveRanking',
  'activityStream',
  'polls',
  'taggedMessages',
  'titleInfo',
]

/** The invoke id of a store's actor in the boot machine (`userStore`, ...). */
export const storeActorId = <N extends StoreName>(name: N) => `${name}Store` as const

/** The system id of a store's actor (`store.user`, ...): how other actors find it. */
export const storeSystemId = (name: StoreName) => `store.${name}` as const

/** What `fetchAuthUser` resolves with. */
export interface AuthUserFetched {
  readonly loggedIn: boolean
}

export interface AppBootContext {
  /** whether a user is signed in, as the stores were last told */
  readonly loggedIn: boolean
}

export type AppBootEvent =
  /** the session machine's announcement, forwarded: the stores follow it; a login initializes them */
  { readonly type: 'session.changed'; readonly loggedIn: boolean }
