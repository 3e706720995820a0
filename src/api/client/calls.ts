import { z } from 'zod'
import { activityPageSchema, activityQuerySchema } from '../activity'
import {
  passwordResetAcceptedSchema,
  passwordResetBodySchema,
  passwordResetRequestBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '../auth'
import { clientErrorBodySchema } from '../client-errors'
import {
  groupListsSchema,
  groupMembersSchema,
  groupSchema,
  saveGroupBodySchema,
  sessionPatchBodySchema,
  sessionPatchResponseSchema,
  setMembersBodySchema,
  updateMembersBodySchema,
} from '../groups'
import { universeSchema, untaggedMessagesSchema } from '../market'
import { pollListSchema, pollPerformanceSchema, pollResultsSchema, voteBodySchema } from '../polls'
import { tagBodySchema, taggedMessagePerformanceSchema, tagResponseSchema } from '../predictions'
import { championsSchema, rankingSchema, rankingsQuerySchema } from '../rankings'
import { settingsPatchSchema, settingsSchema } from '../settings'
import { stateSchema } from '../state'
import { transactionsQuerySchema, transactionsSchema } from '../transactions'
import { authUserSchema, publicUserSchema, userSearchQuerySchema } from '../users'

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

/** One call of the game API (spec §7). */
export interface CallDefinition {
  readonly method: HttpMethod
  /** below the API root; `{name}` marks a path parameter */
  readonly path: string
  /** retries after the first attempt, without delay (spec §7 "Retry behaviour", §9) @default 3 */
  readonly retries?: number
  /**
   * whether a 5xx answer or a timeout is retried; network errors always are
   * @default true for GET, HEAD, PUT, DELETE, OPTIONS
   */
  readonly retryServerErrors?: boolean
  /** sends an `Idempotency-Key` header, the same on every retry of one call, so the server replays its answer */
  readonly idempotencyKey?: boolean
  /** per attempt @default 30000 */
  readonly timeoutMs?: number
  readonly query?: z.ZodType
  readonly body?: z.ZodType
  /** parses the answer; absent when the call answers without a body (204) */
  readonly response?: z.ZodType
}

/** Reads retry twice (spec §9); tag, vote, settings patch and group writes three times, 5xx included. */
const read = 2
const write = 3

/** Every game API call the client makes: name -> method, path, retries, timeout, schemas. */
export const apiCalls = {
  // auth (paths: DESIGN.md §3)
  authInfo: { method: 'GET', path: '/v1/auth/info', retries: read, response: authUserSchema },
  signIn: { method: 'POST', path: '/v1/auth/signin', body: signInBodySchema, response: authUserSchema },
  signUp: { method: 'POST', path: '/v1/auth/signup', body: signUpBodySchema, response: authUserSchema },
  logout: { method: 'POST', path: '/v1/auth/logout' },
  requestPasswordReset: {
    method: 'POST',
    path: '/v1/auth/password-reset/request',
    body: passwordResetRequestBodySchema,
    response: passwordResetAcceptedSchema,
  },
  resetPassword: { method: 'POST', path: '/v1/auth/password-reset', body: passwordResetBodySchema },

  // game
  state: { method: 'GET', path: '/v1/stockgame/state', retries: read, response: stateSchema },
  universe: { method: 'GET', path: '/v1/stockgame/universe', retries: read, response: universeSchema },
  untaggedMessages: {
    method: 'GET',
    path: '/v1/stockgame/untagged-messages',
    retries: 2,
    timeoutMs: 20_000,
    response: untaggedMessagesSchema,
  },
  tag: {
    method: 'POST',
    path: '/v1/stockgame/tagged-messages/{messageId}/tag',
    retries: write,
    retryServerErrors: true,
    idempotencyKey: true,
    body: tagBodySchema,
    response: tagResponseSchema,
  },
  taggedMessagesPerformance: {
    method: 'GET',
    path: '/v1/stockgame/tagged-messages/performance',
    retries: read,
    response: taggedMessagePerformanceSchema,
  },
  polls: { method: 'GET', path: '/v1/stockgame/polls', retries: read, response: pollListSchema },
  vote: {
    method: 'POST',
    path: '/v1/stockgame/polls/{pollId}/vote',
    retries: write,
    retryServerErrors: true,
    idempotencyKey: true,
    body: voteBodySchema,
    response: pollResultsSchema,
  },
  pollsPerformance: {
    method: 'GET',
    path: '/v1/stockgame/polls/performance',
    retries: read,
    response: pollPerformanceSchema,
  },
  /** the activity stream loader (the spec does not show its path) */
  activity: {
    method: 'GET',
    path: '/v1/stockgame/activity',
    retries: read,
    query: activityQuerySchema,
    response: activityPageSchema,
  },
  /** one period of one group's ranking (the active group by default; the spec does not show the path) */
  rankings: {
    method: 'GET',
    path: '/v1/stockgame/rankings',
    retries: read,
    query: rankingsQuerySchema,
    response: rankingSchema,
  },
  /** last week's top three of group 1000 (the recent-champions store) */
  champions: { method: 'GET', path: '/v1/stockgame/champions', retries: read, response: championsSchema },
  transactions: {
    method: 'GET',
    path: '/v1/stockgame/transactions/{walletAddress}',
    retries: read,
    query: transactionsQuerySchema,
    response: transactionsSchema,
  },

  // users and settings
  user: { method: 'GET', path: '/v1/users/{user}', retries: read, response: publicUserSchema },
  searchUsers: {
    method: 'GET',
    path: '/v1/users',
    retries: read,
    query: userSearchQuerySchema,
    response: z.array(publicUserSchema),
  },
  settings: { method: 'GET', path: '/v1/users/{user}/settings', retries: read, response: settingsSchema },
  patchSettings: {
    method: 'PATCH',
    path: '/v1/users/{user}/settings',
    retries: write,
    retryServerErrors: true,
    body: settingsPatchSchema,
    response: settingsSchema,
  },

  // groups: every write sets a state, so repeating it is harmless
  switchGroup: {
    method: 'PATCH',
    path: '/v1/session',
    retries: write,
    retryServerErrors: true,
    body: sessionPatchBodySchema,
    response: sessionPatchResponseSchema,
  },
  groups: { method: 'GET', path: '/v1/stockgame/groups', retries: read, response: groupListsSchema },
  groupMembers: {
    method: 'GET',
    path: '/v1/stockgame/groups/{groupId}/members',
    retries: read,
    response: groupMembersSchema,
  },
  setGroupMembers: {
    method: 'POST',
    path: '/v1/stockgame/groups/{groupId}/members/set',
    retries: write,
    retryServerErrors: true,
    body: setMembersBodySchema,
    response: groupMembersSchema,
  },
  updateGroupMembers: {
    method: 'POST',
    path: '/v1/stockgame/groups/{groupId}/members/update',
    retries: write,
    retryServerErrors: true,
    body: updateMembersBodySchema,
    response: groupSchema,
  },
  saveGroup: {
    method: 'POST',
    path: '/v1/stockgame/groups/{groupId}/save',
    retries: write,
    retryServerErrors: true,
    body: saveGroupBodySchema,
    response: groupSchema,
  },
  leaveGroup: { method: 'GET', path: '/v1/stockgame/groups/{groupId}/leave', retries: write },
  deleteGroup: { method: 'GET', path: '/v1/stockgame/groups/{groupId}/delete', retries: write },

  // error reporting without Sentry: one attempt, a report must never add load to a failing server
  reportClientError: { method: 'POST', path: '/v1/client-errors', retries: 0, body: clientErrorBodySchema },
} as const satisfies Record<string, CallDefinition>

export type CallName = keyof typeof apiCalls
type Definition<N extends CallName> = (typeof apiCalls)[N]

/** `'/a/{x}/b/{y}'` -> `'x' | 'y'` */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never

type ParamsArg<N extends CallName> = [PathParamNames<Definition<N>['path']>] extends [never]
  ? unknown
  : { readonly params: Readonly<Record<PathParamNames<Definition<N>['path']>, string | number>> }
type QueryArg<N extends CallName> =
  Definition<N> extends { query: infer Q extends z.ZodType } ? { readonly query: z.input<Q> } : unknown
type BodyArg<N extends CallName> =
  Definition<N> extends { body: infer B extends z.ZodType } ? { readonly body: z.input<B> } : unknown

/** Per-call options every call takes. */
export interface CallOptions {
  readonly signal?: AbortSignal
  /** overrides the table's timeout per attempt */
  readonly timeoutMs?: number
  /** reuses a key across logical retries (the server-error policy); a new one per call otherwise */
  readonly idempotencyKey?: string
}

export type CallArgs<N extends CallName> = ParamsArg<N> & QueryArg<N> & BodyArg<N> & CallOptions

/** What a call resolves to: the parsed answer, or nothing for a 204 call. */
export type CallResult<N extends CallName> =
  Definition<N> extends { response: infer R extends z.ZodType } ? z.output<R> : undefined

/** Path parameter names of a path template, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)
}
