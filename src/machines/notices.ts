/** How a notice looks: the spec's four kinds. */
export type NoticeKind = 'positive' | 'negative' | 'warning' | 'info'

/** A notification the app shows; machines raise them through a provided `notify`-style action. */
export interface Notice {
  readonly kind: NoticeKind
  readonly message: string
  /** second line */
  readonly caption?: string
  /** how long it stays; 0 keeps it until dismissed @default 5000 */
  readonly timeoutMs?: number
  /** shows the time left until it closes (the retry countdown) @default false */
  readonly countdown?: boolean
  /** the spec's stable name of the notice (e.g. 'socket_authorize_failed'); a new one replaces a shown one */
  readonly key?: string
}

export const defaultNoticeTimeoutMs = 5000

/** The spec's texts (§8) that the client machines raise, in one place. */
export const noticeTexts = {
  serverError: 'Error fetching data from server!',
  retryCountdown: (seconds: number) => `Retry starting in ${seconds} seconds...`,
  noMoreRetries: (attempts: number) => `For the ${attempts}th time - no more retries!`,
  noConnection: 'No connection to server!',
  noInternet: 'No internet connection.',
  socketAuthorizeFailed: 'Socket authorize failed and you have been logged out.',
  subscribeTitleTicksFailed: 'Could not subscribe to live prices.',
  loggedOut: 'You have been logged out.',
  connectError: 'Connect error',
  reconnected: 'Reconnected',
  authInfoFailed: 'Error fetching auth info!',
  signInFailed: 'Oops! We could not log you in',
  somethingWentWrong: 'Oops! Something went wrong',
} as const

/** The spec's keys of the notices that have one (§8). */
export const noticeKeys = {
  noInternet: 'no_internet',
  socketAuthorizeFailed: 'socket_authorize_failed',
  subscribeTitleTicksFailed: 'subscribe_title_ticks_failed',
  connectError: 'connect_error',
  reconnected: 'reconnect',
  /** ours: the 10-second refresh keeps failing while offline; one notice replaces the last */
  authInfoFailed: 'auth_info_failed',
  /** ours: the server-error countdown and its last word; a new one replaces the shown one, never stacks */
  serverError: 'server_error',
} as const

/** The notices the client core raises, built once so machines, tests and docs agree. */
export const notices = {
  noInternet: { kind: 'negative', message: noticeTexts.noInternet, timeoutMs: 0, key: noticeKeys.noInternet },
  socketAuthorizeFailed: {
    kind: 'negative',
    message: noticeTexts.socketAuthorizeFailed,
    key: noticeKeys.socketAuthorizeFailed,
  },
  /** `loggedOut` on the initial connect, whose failure also logs the user out */
  subscribeTitleTicksFailed: (loggedOut: boolean): Notice => ({
    kind: 'negative',
    message: noticeTexts.subscribeTitleTicksFailed,
    ...(loggedOut ? { caption: noticeTexts.loggedOut } : {}),
    key: noticeKeys.subscribeTitleTicksFailed,
  }),
  connectError: (message: string): Notice => ({
    kind: 'warning',
    message: noticeTexts.connectError,
    caption: message,
    key: noticeKeys.connectError,
  }),
  reconnected: { kind: 'positive', message: noticeTexts.reconnected, key: noticeKeys.reconnected },
  authInfoFailed: { kind: 'warning', message: noticeTexts.authInfoFailed, key: noticeKeys.authInfoFailed },
  signInFailed: (reason: string): Notice => ({
    kind: 'negative',
    message: noticeTexts.signInFailed,
    caption: reason,
  }),
} as const satisfies Record<string, Notice | ((...args: never[]) => Notice)>

/** The route the app shows while the server fails (spec §8). */
export const errorRoute = '/error'
