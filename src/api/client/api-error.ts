import { FetchError } from 'ofetch'
import type { ApiErrorBody } from '../errors'

/** Status of a failure that never got an HTTP answer (network error, timeout). */
export const noAnswerStatus = 0

/**
 * Every failure of a game API call: the server's `{ error: { code, message, fields } }` answer, or a
 * network failure or timeout as status 0.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'

  constructor(
    /** HTTP status; 0 when no answer arrived */
    readonly status: number,
    /** the server's stable code, or 'network_error', 'timeout', 'invalid_response', 'http_<status>' */
    readonly code: string,
    message: string,
    /** field path -> text, for validation failures */
    readonly fields?: Readonly<Record<string, string>>,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }

  toJSON() {
    const { status, code, message, fields } = this
    return fields ? { status, code, message, fields } : { status, code, message }
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === 'string')

/**
 * `apiErrorSchema` checked by hand: the guest's boot (a 401 on auth info) needs no zod. Like the
 * schema, it keeps only code, message and fields.
 */
function isApiErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== 'object' || data === null) return false
  const error = (data as { error?: unknown }).error
  if (typeof error !== 'object' || error === null) return false
  const { code, message, fields } = error as Record<string, unknown>
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (fields === undefined || isStringRecord(fields))
  )
}

/** What an answer without the server's error body says. */
const fallbackMessage = 'Oops! Something went wrong'

/** Turns what ofetch threw into an ApiError; `timedOut` when our own timer aborted the attempt. */
export function toApiError(error: unknown, timedOut: boolean): ApiError {
  if (error instanceof ApiError) return error
  if (timedOut)
    return new ApiError(noAnswerStatus, 'timeout', 'The server did not answer in time.', undefined, {
      cause: error,
    })
  const status = error instanceof FetchError ? error.response?.status : undefined
  if (status === undefined) {
    return new ApiError(noAnswerStatus, 'network_error', 'The server could not be reached.', undefined, {
      cause: error,
    })
  }
  const body = (error as FetchError).data
  if (isApiErrorBody(body)) {
    const { code, message, fields } = body.error
    return new ApiError(status, code, message, fields, { cause: error })
  }
  return new ApiError(status, `http_${status}`, fallbackMessage, undefined, { cause: error })
}
