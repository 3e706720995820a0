/** What the policy is started with. */
export interface ServerErrorInput {
  /** what `callServer` is asked to do (its input); opaque to the policy */
  readonly request?: unknown
  /** retries after the first 5xx answer (spec §8, §9) @default 4 */
  readonly maxRetries?: number
}

export interface ServerErrorContext {
  readonly request: unknown
  readonly maxRetries: number
  /** failed attempts so far (5xx answers); the next delay is 2^failures seconds */
  readonly failures: number
  /** the answer, once an attempt succeeded */
  readonly data?: unknown
  /** the latest failure */
  readonly error?: unknown
}

/** How the call ended: resolved with the answer, or rejected with the last failure. */
export type ServerCallOutcome =
  | { readonly ok: true; readonly data: unknown }
  | { readonly ok: false; readonly error: unknown }

/** Spec §9: up to 4 retries on a server error. */
export const serverErrorRetries = 4

/** 2^n seconds after the n-th failure. */
export const retryDelayMs = (failures: number) => 2 ** failures * 1000

/** The HTTP status of a failure, when it carries one (`ApiError`, 0 for no answer). */
export function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined
  return typeof error.status === 'number' ? error.status : undefined
}

/** Spec §8: status 500 or above. */
export const isServerFailure = (error: unknown) => (statusOf(error) ?? 0) >= 500
