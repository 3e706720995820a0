/** Spec §9: a successful state answer is reused for 5000 ms. */
export const stateCacheMs = 5000

export interface StateFetchContext {
  /** the latest state answer, while it is fresh (in `cached`) */
  readonly data?: unknown
}

export type StateFetchEvent =
  /** asks for the state; the answer comes as `state.loaded` or `state.failed` with the same requestId */
  | { readonly type: 'state.request'; readonly requestId?: string }
  /** the running state call got a 5xx answer and is being retried (the server-error policy reports it) */
  | { readonly type: 'state.serverError' }
  /**
   * another read of the app got a 5xx answer: fetching pauses (one pause for the app) and a state call
   * under the policy tries the server until it answers
   */
  | { readonly type: 'server.failed' }
  /** what the cache holds is another player's or another group's (a sign-in, a group switch): fetch anew */
  | { readonly type: 'state.forget' }

/** Answers: with a requestId for one requester, without for everybody waiting on the running call. */
export type StateFetchEmitted =
  | { readonly type: 'state.loaded'; readonly requestId?: string; readonly data: unknown }
  | { readonly type: 'state.failed'; readonly requestId?: string; readonly error: unknown }

/** What a request gets while fetching is paused (spec §4). */
export interface NoConnectionFailure {
  readonly code: 'no_connection'
  readonly message: string
}
