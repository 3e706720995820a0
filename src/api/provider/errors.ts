/**
 * A required parameter (spec §5: every path parameter, `query` of `/titles/search`, the rule body) was
 * undefined, null, an empty string or an empty list. Thrown before any request is sent.
 */
export class RequiredParameterError extends Error {
  override readonly name = 'RequiredParameterError'
  constructor(
    /** the parameter as the caller names it, e.g. 'ident', 'keyEventId', 'query', 'body' */
    readonly parameter: string,
    /** the endpoint name of the table, e.g. 'titlesHistory' */
    readonly endpoint: string,
  ) {
    super(`Required parameter '${parameter}' is missing when calling ${endpoint}`)
  }
}

/**
 * A parameter the provider could not receive as given: an unknown query parameter, or a path segment
 * '.' or '..' (URL parsers remove dot segments even when percent-encoded, so the request would go to
 * another path). Thrown before any request is sent.
 */
export class InvalidParameterError extends Error {
  override readonly name = 'InvalidParameterError'
  constructor(
    readonly parameter: string,
    readonly endpoint: string,
    reason: string,
  ) {
    super(`Invalid parameter '${parameter}' when calling ${endpoint}: ${reason}`)
  }
}

/** The provider answered with an error status, or could not be reached, after all retries. */
export class ProviderRequestError extends Error {
  override readonly name = 'ProviderRequestError'
  constructor(
    readonly endpoint: string,
    readonly method: string,
    /** the URL without credentials in its query */
    readonly url: string,
    /** undefined when no answer arrived (network error, timeout, abort) */
    readonly status: number | undefined,
    /** the parsed error body, if any */
    readonly data: unknown,
    options?: { cause?: unknown },
  ) {
    super(`${method} ${url} (${endpoint}) failed: ${status ?? 'no response'}`, options)
  }
}

/** The answer did not match the schema the caller passed; `cause` carries the schema's error. */
export class ProviderResponseError extends Error {
  override readonly name = 'ProviderResponseError'
  constructor(
    readonly endpoint: string,
    readonly data: unknown,
    options: { cause: unknown },
  ) {
    super(`The answer of ${endpoint} does not match the expected shape`, options)
  }
}
