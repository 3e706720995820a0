import type { z } from 'zod'
import type { callSchemas } from './call-schemas'

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

/** One call of the game API (spec §7). */
export interface CallDefinition {
  readonly method: HttpMethod
  /** below the API root; `{name}` marks a path parameter */
  readonly path: string
  /**
   * retries after the first attempt, without delay (spec §7 "Retry behaviour", §9): of a network error
   * always, of a timeout or a 5xx answer as `retryServerErrors` says @default 3
   */
  readonly retries?: number
  /**
   * whether a 5xx answer or a timeout is retried; network errors always are. A call under the
   * server-error policy leaves its 5xx answers to the policy (`CallOptions.passServerErrors`)
   * @default true for GET, HEAD, PUT, DELETE, OPTIONS
   */
  readonly retryServerErrors?: boolean
  /** sends an `Idempotency-Key` header, the same on every retry of one call, so the server replays its answer */
  readonly idempotencyKey?: boolean
  /** per attempt @default 30000 */
  readonly timeoutMs?: number
  /** sends `query` (its schema: `callSchemas`) */
  readonly query?: true
  /** sends `body` (its schema: `callSchemas`) */
  readonly body?: true
  /** the answer is parsed by the schema in `callSchemas`; absent when the call answers without a body (204) */
  readonly response?: true
  /**
   * a conditional read: the client sends the last answer's ETag as `If-None-Match` and takes a 304 as
   * "unchanged", resolving with the answer it parsed before (the same object)
   */
  readonly conditional?: true
}

/**
 * Reads retry twice (spec §9); tag, vote, settings patch and group writes three times, 5xx included
 * unless the server-error policy retries those (then only network errors and timeouts count here).
 */
const read = 2
const write = 3

/**
 * Every game API call the client makes: name -> method, path, retries, timeout, and whether it sends a
 * query or body and answers with one. The schemas sit in `call-schemas.ts`, loaded on first use (zod
 * stays out of the boot); the types below read them there.
 */
export const apiCalls = {
  // auth (paths: DESIGN.md §3)
  authInfo: { method: 'GET', path: '/v1/auth/info', retries: read, response: true },
  signIn: { method: 'POST', path: '/v1/auth/signin', body: true, response: true },
  signUp: { method: 'POST', path: '/v1/auth/signup', body: true, response: true },
  logout: { method: 'POST', path: '/v1/auth/logout' },
  requestPasswordReset: {
    method: 'POST',
    path: '/v1/auth/password-reset/request',
    body: true,
    response: true,
  },
  resetPassword: { method: 'POST', path: '/v1/auth/password-reset', body: true },
  /** the signed e-mail links act by POST (mail scanners fetch links): answered 204 */
  confirmEmail: { method: 'POST', path: '/v1/auth/confirm-email', body: true },
  /** a new confirmation link for the signed-in player: answered 202 */
  resendConfirmEmail: { method: 'POST', path: '/v1/auth/confirm-email/resend', response: true },
  unsubscribe: { method: 'POST', path: '/v1/auth/unsubscribe', body: true },
  changeEmailLink: { method: 'POST', path: '/v1/auth/change-email', body: true },
  /** the configured social sign-in providers */
  authProviders: {
    method: 'GET',
    path: '/v1/auth/providers',
    retries: read,
    response: true,
  },

  // game
  /** polled every 10 s: a 304 (its ETag) says nothing changed */
  state: { method: 'GET', path: '/v1/stockgame/state', retries: read, response: true, conditional: true },
  universe: { method: 'GET', path: '/v1/stockgame/universe', retries: read, response: true },
  untaggedMessages: {
    method: 'GET',
    path: '/v1/stockgame/untagged-messages',
    retries: 2,
    timeoutMs: 20_000,
    response: true,
  },
  tag: {
    method: 'POST',
    path: '/v1/stockgame/tagged-messages/{messageId}/tag',
    retries: write,
    retryServerErrors: true,
    idempotencyKey: true,
    body: true,
    response: true,
  },
  /** Settings' "Download your data": everything the game keeps about the player (ours) */
  playerData: { method: 'GET', path: '/v1/users/me/data', retries: read, timeoutMs: 120_000, response: true },
  /** Your Predictions' older pages (ours: the spec's client keeps a week) */
  predictionHistory: {
    method: 'GET',
    path: '/v1/stockgame/tagged-messages/history',
    retries: read,
    query: true,
    response: true,
  },
  taggedMessagesPerformance: {
    method: 'GET',
    path: '/v1/stockgame/tagged-messages/performance',
    retries: read,
    response: true,
  },
  polls: { method: 'GET', path: '/v1/stockgame/polls', retries: read, response: true },
  vote: {
    method: 'POST',
    path: '/v1/stockgame/polls/{pollId}/vote',
    retries: write,
    retryServerErrors: true,
    idempotencyKey: true,
    body: true,
    response: true,
  },
  pollsPerformance: {
    method: 'GET',
    path: '/v1/stockgame/polls/performance',
    retries: read,
    response: true,
  },
  /** the activity stream loader (the spec does not show its path) */
  activity: {
    method: 'GET',
    path: '/v1/stockgame/activity',
    retries: read,
    query: true,
    response: true,
  },
  /** one period of one group's ranking (the active group by default; the spec does not show the path) */
  rankings: {
    method: 'GET',
    path: '/v1/stockgame/rankings',
    retries: read,
    query: true,
    response: true,
  },
  /** last week's top three of group 1000 (the recent-champions store) */
  champions: { method: 'GET', path: '/v1/stockgame/champions', retries: read, response: true },
  /** the Bank as the players' opponent (ours: the Bank page) */
  bank: { method: 'GET', path: '/v1/stockgame/bank', retries: read, response: true },
  transactions: {
    method: 'GET',
    path: '/v1/stockgame/transactions/{walletAddress}',
    retries: read,
    query: true,
    response: true,
  },

  // market data of one title (the ticker panel)
  titleTick: { method: 'GET', path: '/v1/market/titles/{id}/tick', retries: read, response: true },
  titleChart: {
    method: 'GET',
    path: '/v1/market/titles/{id}/chart',
    retries: read,
    query: true,
    response: true,
  },
  titleFundamentals: {
    method: 'GET',
    path: '/v1/market/titles/{id}/fundamentals',
    retries: read,
    response: true,
  },

  // users and settings
  user: { method: 'GET', path: '/v1/users/{user}', retries: read, response: true },
  /** DESIGN.md §3: the caller's account, after the password confirms it; not retried (it is gone after one) */
  deleteAccount: { method: 'DELETE', path: '/v1/users/me', retries: 0, body: true },
  /** the caller's new password, after the current one confirms it; not retried (the first one may have counted) */
  changePassword: { method: 'PUT', path: '/v1/users/me/password', retries: 0, body: true },
  changeEmail: { method: 'PUT', path: '/v1/users/me/email', retries: 0, body: true, response: true },
  searchUsers: {
    method: 'GET',
    path: '/v1/users',
    retries: read,
    query: true,
    response: true,
  },
  /** the crowd's Up/Down predictions on a title per hour, under its chart */
  titleCrowd: {
    method: 'GET',
    path: '/v1/stockgame/titles/{titleId}/crowd',
    retries: read,
    query: true,
    response: true,
  },
  settings: { method: 'GET', path: '/v1/users/{user}/settings', retries: read, response: true },
  /** the authors' signal-score leaderboard, paged */
  authors: { method: 'GET', path: '/v1/stockgame/authors', retries: read, query: true, response: true },
  /** one author's signal score with their recent messages */
  author: { method: 'GET', path: '/v1/stockgame/authors/{username}', retries: read, response: true },
  /** hit rate, interval and p-value over the player's judged predictions (skill, not luck) */
  userSkill: { method: 'GET', path: '/v1/users/{user}/skill', retries: read, response: true },
  patchSettings: {
    method: 'PATCH',
    path: '/v1/users/{user}/settings',
    retries: write,
    retryServerErrors: true,
    body: true,
    response: true,
  },

  // groups: every write but leave and delete sets a state, so repeating it is harmless
  switchGroup: {
    method: 'PATCH',
    path: '/v1/session',
    retries: write,
    retryServerErrors: true,
    body: true,
    response: true,
  },
  groups: { method: 'GET', path: '/v1/stockgame/groups', retries: read, response: true },
  /** a new group or event; the caller becomes its admin (DESIGN.md: ours, the spec does not show it) */
  createGroup: {
    method: 'POST',
    path: '/v1/stockgame/groups',
    retries: write,
    retryServerErrors: true,
    idempotencyKey: true,
    body: true,
    response: true,
  },
  /** joins a public group (or accepts an invitation) */
  joinGroup: {
    method: 'POST',
    path: '/v1/stockgame/groups/{groupId}/join',
    retries: write,
    retryServerErrors: true,
    response: true,
  },
  /** the avatar's bytes as the body (a File or Blob: PNG, JPEG or GIF) */
  uploadGroupAvatar: {
    method: 'POST',
    path: '/v1/stockgame/groups/{groupId}/avatar',
    retries: write,
    retryServerErrors: true,
    body: true,
    response: true,
  },
  groupMembers: {
    method: 'GET',
    path: '/v1/stockgame/groups/{groupId}/members',
    retries: read,
    response: true,
  },
  setGroupMembers: {
    method: 'POST',
    path: '/v1/stockgame/groups/{groupId}/members/set',
    retries: write,
    retryServerErrors: true,
    body: true,
    response: true,
  },
  updateGroupMembers: {
    method: 'POST',
    path: '/v1/stockgame/groups/{groupId}/members/update',
    retries: write,
    retryServerErrors: true,
    body: true,
    response: true,
  },
  saveGroup: {
    method: 'POST',
    path: '/v1/stockgame/groups/{groupId}/save',
    retries: write,
    retryServerErrors: true,
    body: true,
    response: true,
  },
  /** leave and delete are not repeatable (a second one is refused): retries replay the first answer by key */
  leaveGroup: {
    method: 'GET',
    path: '/v1/stockgame/groups/{groupId}/leave',
    retries: write,
    retryServerErrors: true,
    idempotencyKey: true,
  },
  deleteGroup: {
    method: 'GET',
    path: '/v1/stockgame/groups/{groupId}/delete',
    retries: write,
    retryServerErrors: true,
    idempotencyKey: true,
  },

  // the player's own invitation links (DESIGN.md §3: ours)
  invitations: { method: 'GET', path: '/v1/invitations', retries: read, response: true },
  /** a retry replays the first answer (Idempotency-Key): one click makes one link */
  createInvitation: {
    method: 'POST',
    path: '/v1/invitations',
    retries: write,
    retryServerErrors: true,
    idempotencyKey: true,
    body: true,
    response: true,
  },
  /** withdrawing twice is refused (409), so a retry after a lost answer would say so: no retries */
  withdrawInvitation: { method: 'DELETE', path: '/v1/invitations/{code}', retries: 0 },

  /** the server's VAPID public key: a browser subscribes to push with it */
  pushKey: { method: 'GET', path: '/v1/push/key', retries: read, response: true },
  /** this browser's push subscription, for the signed-in session (saving it again changes nothing) */
  savePushSubscription: { method: 'PUT', path: '/v1/push/subscription', body: true },

  /** the operator's announcement for the banner above the game (asked once a minute; guests too) */
  announcement: { method: 'GET', path: '/v1/announcement', retries: read, response: true },

  // error reporting without Sentry: one attempt, a report must never add load to a failing server
  reportClientError: { method: 'POST', path: '/v1/client-errors', retries: 0, body: true },
} as const satisfies Record<string, CallDefinition>

export type CallName = keyof typeof apiCalls
type Definition<N extends CallName> = (typeof apiCalls)[N]
type Schemas<N extends CallName> = (typeof callSchemas)[N]

/** `'/a/{x}/b/{y}'` -> `'x' | 'y'` */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never

type ParamsArg<N extends CallName> = [PathParamNames<Definition<N>['path']>] extends [never]
  ? unknown
  : { readonly params: Readonly<Record<PathParamNames<Definition<N>['path']>, string | number>> }
type QueryArg<N extends CallName> =
  Schemas<N> extends { query: infer Q extends z.ZodType } ? { readonly query: z.input<Q> } : unknown
type BodyArg<N extends CallName> =
  Schemas<N> extends { body: infer B extends z.ZodType } ? { readonly body: z.input<B> } : unknown

/** Per-call options every call takes. */
export interface CallOptions {
  readonly signal?: AbortSignal
  /** overrides the table's timeout per attempt */
  readonly timeoutMs?: number
  /** reuses a key across logical retries (the server-error policy); a new one per call otherwise */
  readonly idempotencyKey?: string
  /**
   * hands a 5xx answer to the caller at once, unretried: the server-error policy retries it after 2^n s
   * (spec §8), and retrying it here as well would multiply the two. Network errors and timeouts are
   * still retried here (the policy passes them on). @default false
   */
  readonly passServerErrors?: boolean
}

export type CallArgs<N extends CallName> = ParamsArg<N> & QueryArg<N> & BodyArg<N> & CallOptions

/** What a call resolves to: the parsed answer, or nothing for a 204 call. */
export type CallResult<N extends CallName> =
  Schemas<N> extends { response: infer R extends z.ZodType } ? z.output<R> : undefined

/** Path parameter names of a path template, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)
}
