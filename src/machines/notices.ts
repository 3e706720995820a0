/** How a notice looks: the spec's four kinds. */
export type NoticeKind = 'positive' | 'negative' | 'warning' | 'info'

/** A notification the app shows; machines raise them through a provided `notify`-style action. */
export interface Notice {
  readonly kind: NoticeKind
  readonly message: string
  /** second line */
  readonly caption?: string
  /** how long it stays @default 5000 */
  readonly timeoutMs?: number
  /** shows the time left until it closes (the retry countdown) @default false */
  readonly countdown?: boolean
}

export const defaultNoticeTimeoutMs = 5000

/** The spec's texts (§8) that the client machines raise. */
export const noticeTexts = {
  serverError: 'Error fetching data from server!',
  retryCountdown: (seconds: number) => `Retry starting in ${seconds} seconds...`,
  noMoreRetries: (attempts: number) => `For the ${attempts}th time - no more retries!`,
  noConnection: 'No connection to server!',
} as const

/** The route the app shows while the server fails (spec §8). */
export const errorRoute = '/error'
